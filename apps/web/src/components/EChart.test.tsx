import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';

// jsdom has no canvas: stand in for the ECharts instance and record what it is asked to do.
const chart = vi.hoisted(() => {
  const c = {
    width: 100,
    height: 100,
    disposed: false,
    setOption: vi.fn(),
    resize: vi.fn(),
    dispose: vi.fn(() => {
      c.disposed = true;
    }),
    isDisposed: () => c.disposed,
    getWidth: () => c.width,
    getHeight: () => c.height,
    showLoading: vi.fn(),
    hideLoading: vi.fn(),
    on: vi.fn(),
    off: vi.fn(),
  };
  return c;
});
const init = vi.hoisted(() => vi.fn());
vi.mock('echarts/core', async (importOriginal) => ({ ...(await importOriginal<object>()), init }));

const observers: { cb: ResizeObserverCallback; target?: Element; disconnected: boolean }[] = [];
class FakeResizeObserver {
  entry: (typeof observers)[number];
  constructor(cb: ResizeObserverCallback) {
    this.entry = { cb, disconnected: false };
    observers.push(this.entry);
  }
  observe(el: Element) {
    this.entry.target = el;
  }
  unobserve() {}
  disconnect() {
    this.entry.disconnected = true;
  }
}

const { EChart } = await import('./EChart');
const option = { xAxis: { type: 'category' as const, data: ['a'] }, yAxis: { type: 'value' as const }, series: [{ type: 'bar' as const, data: [1] }] };

/** Makes the box report a size different from the chart's, as after a real resize. */
function growBox(box: HTMLElement) {
  Object.defineProperty(box, 'clientWidth', { configurable: true, value: 300 });
  Object.defineProperty(box, 'clientHeight', { configurable: true, value: 200 });
}
const lastOption = () => chart.setOption.mock.calls.at(-1)?.[0] as Record<string, unknown>;

beforeEach(() => {
  chart.disposed = false;
  for (const fn of [chart.setOption, chart.resize, chart.dispose, chart.showLoading, chart.hideLoading, chart.on, chart.off]) fn.mockClear();
  init.mockReset().mockReturnValue(chart);
  observers.length = 0;
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('EChart', () => {
  it('creates a canvas chart in its box and sets the option', () => {
    render(<EChart option={option} height={240} ariaLabel="近7日登录" />);
    const box = document.querySelector('[aria-label="近7日登录"]') as HTMLElement;
    expect(box.style.height).toBe('240px');
    expect(init).toHaveBeenCalledWith(box, undefined, { renderer: 'canvas' });
    expect(lastOption()).toMatchObject(option);
  });

  it('sets a new option when it changes, and disposes the chart on unmount', () => {
    const { rerender, unmount } = render(<EChart option={option} />);
    const next = { ...option, series: [{ type: 'line' as const, data: [2] }] };
    rerender(<EChart option={next} notMerge />);
    expect(chart.setOption).toHaveBeenLastCalledWith(expect.objectContaining({ series: next.series }), { notMerge: true });
    unmount();
    expect(chart.dispose).toHaveBeenCalled();
  });

  it('resizes the chart when the window resizes', async () => {
    const { container } = render(<EChart option={option} />);
    growBox(container.firstChild as HTMLElement);
    window.dispatchEvent(new Event('resize'));
    await vi.waitFor(() => expect(chart.resize).toHaveBeenCalledTimes(1));
  });

  it('resizes when its container changes size, not when the size is unchanged', async () => {
    const { container, unmount } = render(<EChart option={option} />);
    const box = container.firstChild as HTMLElement;
    expect(observers).toHaveLength(1);
    expect(observers[0].target).toBe(box);
    Object.defineProperty(box, 'clientWidth', { configurable: true, value: 100 });
    Object.defineProperty(box, 'clientHeight', { configurable: true, value: 100 });
    observers[0].cb([], {} as ResizeObserver);
    await new Promise((r) => setTimeout(r, 50));
    expect(chart.resize).not.toHaveBeenCalled();
    growBox(box);
    observers[0].cb([], {} as ResizeObserver);
    await vi.waitFor(() => expect(chart.resize).toHaveBeenCalledTimes(1));
    unmount();
    expect(observers[0].disconnected).toBe(true);
    window.dispatchEvent(new Event('resize'));
    await new Promise((r) => setTimeout(r, 50));
    expect(chart.resize).toHaveBeenCalledTimes(1);
  });

  it('turns animation off under a browser-automation driver', () => {
    vi.stubGlobal('navigator', { ...navigator, webdriver: true });
    render(<EChart option={option} />);
    expect(lastOption()).toMatchObject({ animation: false });
  });

  it('keeps animation for people', () => {
    vi.stubGlobal('navigator', { ...navigator, webdriver: false });
    render(<EChart option={option} />);
    expect(lastOption()).not.toHaveProperty('animation');
  });

  it('shows the loading mask and binds events', () => {
    const click = vi.fn();
    const { rerender, unmount } = render(<EChart option={option} loading onEvents={{ click }} />);
    expect(chart.showLoading).toHaveBeenCalledWith({ text: '正在加载...' });
    expect(chart.on).toHaveBeenCalledWith('click', click);
    rerender(<EChart option={option} loading={false} onEvents={{ click }} />);
    expect(chart.hideLoading).toHaveBeenCalled();
    unmount();
  });
});
