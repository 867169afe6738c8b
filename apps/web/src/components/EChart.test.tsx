import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component } from 'react';
import { cleanup, render } from '@testing-library/react';

// jsdom has no canvas: stand in for the React binding and record what it is given.
const resize = vi.fn();
const lastProps: { current: Record<string, unknown> | null } = { current: null };
vi.mock('echarts-for-react/lib/core', () => ({
  default: class FakeChart extends Component<Record<string, unknown>> {
    getEchartsInstance() {
      return { resize, isDisposed: () => false };
    }
    override render() {
      lastProps.current = this.props;
      return <div data-testid="chart" />;
    }
  },
}));

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

beforeEach(() => {
  resize.mockClear();
  observers.length = 0;
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('EChart', () => {
  it('passes the option through, with automatic resizing handled by the wrapper', () => {
    render(<EChart option={option} height={240} ariaLabel="近7日登录" />);
    expect(lastProps.current?.option).toMatchObject(option);
    expect(lastProps.current?.autoResize).toBe(false);
    const box = document.querySelector('[aria-label="近7日登录"]') as HTMLElement;
    expect(box.style.height).toBe('240px');
  });

  it('resizes the chart when the window resizes', async () => {
    render(<EChart option={option} />);
    window.dispatchEvent(new Event('resize'));
    await vi.waitFor(() => expect(resize).toHaveBeenCalledTimes(1));
  });

  it('resizes when its container changes size, and stops observing on unmount', async () => {
    const { container, unmount } = render(<EChart option={option} />);
    expect(observers).toHaveLength(1);
    expect(observers[0].target).toBe(container.firstChild);
    observers[0].cb([], {} as ResizeObserver);
    await vi.waitFor(() => expect(resize).toHaveBeenCalledTimes(1));
    unmount();
    expect(observers[0].disconnected).toBe(true);
    window.dispatchEvent(new Event('resize'));
    await new Promise((r) => setTimeout(r, 50));
    expect(resize).toHaveBeenCalledTimes(1);
  });

  it('turns animation off under a browser-automation driver', () => {
    vi.stubGlobal('navigator', { ...navigator, webdriver: true });
    render(<EChart option={option} />);
    expect(lastProps.current?.option).toMatchObject({ animation: false });
  });

  it('keeps animation for people', () => {
    vi.stubGlobal('navigator', { ...navigator, webdriver: false });
    render(<EChart option={option} />);
    expect(lastProps.current?.option).not.toHaveProperty('animation');
  });
});
