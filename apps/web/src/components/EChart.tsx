import { useEffect, useMemo, useRef, type CSSProperties } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart, type BarSeriesOption, type LineSeriesOption, type PieSeriesOption } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  TitleComponent,
  type DataZoomComponentOption,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
  type TitleComponentOption,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

/**
 * The one ECharts wrapper. Only what the console draws is registered (tree-shaken echarts/core);
 * a page that needs another chart type adds it here, with its option type below.
 *
 * It drives echarts/core directly rather than through echarts-for-react: that package's builds
 * import `tslib` without declaring it, and npm nests tslib under echarts here, so the console
 * build cannot resolve it (hustcc/echarts-for-react#512). The binding is a few effects anyway.
 */
echarts.use([BarChart, LineChart, PieChart, DataZoomComponent, GridComponent, LegendComponent, TooltipComponent, TitleComponent, CanvasRenderer]);

export type EChartOption = echarts.ComposeOption<
  BarSeriesOption | LineSeriesOption | PieSeriesOption | DataZoomComponentOption | GridComponentOption | LegendComponentOption | TooltipComponentOption | TitleComponentOption
>;

export interface EChartProps {
  option: EChartOption;
  /** Height of the chart box; the width follows the container. */
  height?: number | string;
  className?: string;
  style?: CSSProperties;
  /** Replace instead of merge on option changes (e.g. when series are removed). */
  notMerge?: boolean;
  loading?: boolean;
  /** ECharts events, e.g. `{ click: (p) => … }`. */
  onEvents?: Record<string, (params: unknown) => void>;
  /** Accessible name of the chart (canvas content is invisible to screen readers). */
  ariaLabel?: string;
  /**
   * The live instance (null when disposed), for pages that patch one series by id — a live tail
   * appended to a year of history — without handing the whole option back to ECharts.
   */
  onInstance?: (chart: echarts.EChartsType | null) => void;
}

/** Browser tests (navigator.webdriver) get charts without animation, so screenshots are stable. */
export const chartsAnimate = () => !(typeof navigator !== 'undefined' && navigator.webdriver);

export function EChart({ option, height = 300, className, style, notMerge, loading, onEvents, ariaLabel, onInstance }: EChartProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<echarts.EChartsType | null>(null);
  const onInstanceRef = useRef(onInstance);
  useEffect(() => {
    onInstanceRef.current = onInstance;
  });

  // Create the instance; resize it with the window and whenever the box itself changes size
  // (sidebar toggle, tabs, drawers); dispose it with the component.
  useEffect(() => {
    const box = boxRef.current!;
    const chart = echarts.init(box, undefined, { renderer: 'canvas' });
    chartRef.current = chart;
    onInstanceRef.current?.(chart);
    let frame = 0;
    const resize = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        // Only on a real change: a same-size resize would cut the entry animation short.
        if (chart.isDisposed() || (box.clientWidth === chart.getWidth() && box.clientHeight === chart.getHeight())) return;
        chart.resize();
      });
    };
    window.addEventListener('resize', resize);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(resize);
    observer?.observe(box);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', resize);
      observer?.disconnect();
      chart.dispose();
      chartRef.current = null;
      onInstanceRef.current?.(null);
    };
  }, []);

  const finalOption = useMemo<EChartOption>(() => (chartsAnimate() ? option : { ...option, animation: false }), [option]);
  useEffect(() => {
    chartRef.current?.setOption(finalOption, { notMerge: notMerge ?? false });
  }, [finalOption, notMerge]);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    if (loading) chart.showLoading({ text: '正在加载...' });
    else chart.hideLoading();
  }, [loading]);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart || !onEvents) return;
    const entries = Object.entries(onEvents);
    for (const [name, handler] of entries) chart.on(name, handler);
    return () => {
      for (const [name, handler] of entries) if (!chart.isDisposed()) chart.off(name, handler);
    };
  }, [onEvents]);

  return <div ref={boxRef} className={className} style={{ width: '100%', height, ...style }} role={ariaLabel ? 'img' : undefined} aria-label={ariaLabel} />;
}

export default EChart;
