import { useEffect, useMemo, useRef, type CSSProperties } from 'react';
import ReactEChartsCore from 'echarts-for-react/lib/core';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, type BarSeriesOption, type LineSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
  TitleComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
  type TitleComponentOption,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

/**
 * The one ECharts wrapper. Only what the console draws is registered (tree-shaken echarts/core);
 * a page that needs another chart type adds it here, with its option type below.
 */
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, TitleComponent, CanvasRenderer]);

export type EChartOption = echarts.ComposeOption<
  BarSeriesOption | LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption | TitleComponentOption
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
  onEvents?: Record<string, (params: unknown) => void>;
  /** Accessible name of the chart (canvas content is invisible to screen readers). */
  ariaLabel?: string;
}

/** Browser tests (navigator.webdriver) get charts without animation, so screenshots are stable. */
export const chartsAnimate = () => !(typeof navigator !== 'undefined' && navigator.webdriver);

export function EChart({ option, height = 300, className, style, notMerge, loading, onEvents, ariaLabel }: EChartProps) {
  const chartRef = useRef<ReactEChartsCore>(null);
  const boxRef = useRef<HTMLDivElement>(null);

  // Resize on window changes and when the box itself changes size (sidebar toggle, tabs, drawers).
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    let frame = 0;
    const resize = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const instance = chartRef.current?.getEchartsInstance();
        if (instance && !instance.isDisposed()) instance.resize();
      });
    };
    window.addEventListener('resize', resize);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(resize);
    observer?.observe(box);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', resize);
      observer?.disconnect();
    };
  }, []);

  const finalOption = useMemo<EChartOption>(() => (chartsAnimate() ? option : { ...option, animation: false }), [option]);

  return (
    <div ref={boxRef} className={className} style={{ width: '100%', height, ...style }} role={ariaLabel ? 'img' : undefined} aria-label={ariaLabel}>
      <ReactEChartsCore
        ref={chartRef}
        echarts={echarts}
        option={finalOption}
        notMerge={notMerge}
        showLoading={loading}
        loadingOption={{ text: '正在加载...' }}
        onEvents={onEvents}
        autoResize={false}
        style={{ width: '100%', height: '100%' }}
      />
    </div>
  );
}

export default EChart;
