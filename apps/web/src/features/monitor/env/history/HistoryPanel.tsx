import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, DatePicker, Empty, Segmented, Select, Space, Spin, Tag, Tooltip, Typography, message } from 'antd';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import type { EChartsType } from 'echarts/core';
import type { HistoryResolution } from '@pdz/contracts';
import { EChart, chartsAnimate } from '@/components/EChart';
import { downloadFile, downloadName } from '@/api/download';
import { HISTORY_EXPORT_URL, useHistory } from '../api';
import { QUICK_RANGES, RESOLUTION_LABELS, RESOLUTION_OPTIONS, autoResolution, endsNow, quickRange, rangeProblem, resolutionProblem, type QuickRangeKey, type TimeRange } from './ranges';
import { buildHistoryOption, selectionProblem, tailData, type ChartPoint } from './series';
import { LiveTail } from './LiveTail';

const KIND_LABELS: Record<string, string> = { yc: '遥测', yx: '遥信', ym: '遥脉' };

/** Render timings of the last chart (ms), for the console and browser measurements. */
declare global {
  interface Window {
    __pdzChartTiming?: { points: number; buildMs: number; setOptionMs: number; paintMs: number };
  }
}

/**
 * Records how long ECharts takes for a full option (setOption: data processing and layout) and
 * until the 'finished' event (drawn), in window.__pdzChartTiming. Tail patches are not counted.
 */
let lastBuildMs = 0;
function timeSetOption(chart: EChartsType) {
  const target = chart as unknown as { setOption: (...args: unknown[]) => unknown };
  const original = target.setOption.bind(chart);
  target.setOption = (...args: unknown[]) => {
    const option = args[0] as { series?: { data?: unknown[] }[]; xAxis?: unknown };
    if (!option?.xAxis) return original(...args);
    const timing = { points: 0, buildMs: Math.round(lastBuildMs), setOptionMs: 0, paintMs: 0 };
    timing.points = (option.series ?? []).reduce((n, s) => n + (s.data?.length ?? 0), 0);
    // ECharts draws inside setOption (it flushes unless lazyUpdate): 'rendered' marks the first frame.
    let started = 0;
    const rendered = () => {
      chart.off('rendered', rendered);
      timing.paintMs = Math.round(performance.now() - started);
    };
    chart.on('rendered', rendered);
    started = performance.now();
    const out = original(...args);
    timing.setOptionMs = Math.round(performance.now() - started);
    window.__pdzChartTiming = timing;
    return out;
  };
}

export interface HistoryPanelProps {
  /** Every point that may be charted, in display order. */
  points: readonly ChartPoint[];
  /** Charted point ids (the page owns them: its value tiles toggle points too). */
  selected: readonly number[];
  onSelectedChange: (ids: number[]) => void;
  /** A link may open the chart on a custom range and resolution (?from=&to=&res=). */
  initialRange?: TimeRange;
  initialResolution?: HistoryResolution;
  /** Base name of the exported file. */
  exportName: string;
  height?: number;
}

/**
 * 历史曲线: range (quick picks or 自定义, up to a year), resolution (the server's choice by default,
 * shown), up to 8 points on at most two unit axes. Live values are appended after the history
 * when the range ends now, by patching one series per point on the chart instance.
 */
export function HistoryPanel({ points, selected, onSelectedChange, initialRange, initialResolution, exportName, height = 380 }: HistoryPanelProps) {
  const [quick, setQuick] = useState<QuickRangeKey>(initialRange ? 'custom' : '24h');
  const [custom, setCustom] = useState<TimeRange | undefined>(initialRange);
  const [stamp, setStamp] = useState(() => Date.now());
  const [resolution, setResolution] = useState<HistoryResolution>(initialResolution ?? 'auto');
  const byId = useMemo(() => new Map(points.map((p) => [p.pointId, p])), [points]);
  const chosen = useMemo(() => selected.map((id) => byId.get(id)).filter((p): p is ChartPoint => !!p), [selected, byId]);

  // Memoised: the tail patcher depends on it and must not change on every render.
  const range = useMemo(() => (quick === 'custom' ? custom : quickRange(quick, stamp)), [quick, custom, stamp]);
  const problem = rangeProblem(range) ?? (range ? resolutionProblem(resolution, range) : null);
  const params = range && !problem && chosen.length ? { pointIds: chosen.map((p) => p.pointId), from: range.from, to: range.to, resolution } : undefined;
  const history = useHistory(params);
  const result = history.data;
  const open = !!range && (quick !== 'custom' || endsNow(range, stamp));

  // Build the option once per answer; the live tail is patched in separately.
  const built = useMemo(() => {
    if (!result) return undefined;
    const started = performance.now();
    const shown = chosen.filter((p) => result.series.some((s) => s.pointId === p.pointId));
    const b = buildHistoryOption(result, shown, { animate: chartsAnimate() && result.series.every((s) => s.ts.length < 5_000), openEnd: open });
    lastBuildMs = performance.now() - started;
    return b;
    // `chosen` is read for names and colours of the answer's points; a new selection refetches anyway.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result, open]);

  const chartRef = useRef<EChartsType | null>(null);
  const tails = useRef(new Map<number, ReadonlyArray<readonly [number, number]>>());
  const frame = useRef(0);
  const patchTails = useCallback(() => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => {
      const chart = chartRef.current;
      if (!chart || chart.isDisposed() || !built || !open || !range) return;
      const series = [...built.tailFrom.entries()]
        .filter(([, from]) => from !== null)
        .map(([pid, from]) => ({ id: `tail:${pid}`, data: tailData(from, tails.current.get(pid) ?? [], range.from) }));
      if (series.length) chart.setOption({ series }, { lazyUpdate: true, silent: true });
    });
  }, [built, open, range]);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  // After each new answer: patch the live tail back in (the full option replaced it).
  useEffect(() => {
    if (built) patchTails();
  }, [built, patchTails]);

  const onTail = useCallback(
    (pointId: number, data: ReadonlyArray<readonly [number, number]>) => {
      tails.current.set(pointId, data);
      patchTails();
    },
    [patchTails],
  );

  const options = useMemo(() => {
    const groups = new Map<string, { label: string; options: { value: number; label: string; disabled: boolean; title?: string }[] }>();
    for (const p of points) {
      const g = groups.get(p.kind) ?? { label: KIND_LABELS[p.kind] ?? p.kind, options: [] };
      groups.set(p.kind, g);
      const why = selectionProblem(chosen, p);
      g.options.push({ value: p.pointId, label: p.unit ? `${p.name}（${p.unit}）` : p.name, disabled: !!why, title: why ?? undefined });
    }
    return [...groups.values()];
  }, [points, chosen]);

  const [exporting, setExporting] = useState(false);
  // The server writes the workbook (the same columns as the chart: values, or avg/min/max, or consumption).
  const exportShown = async () => {
    if (!params) return;
    setExporting(true);
    try {
      await downloadFile(HISTORY_EXPORT_URL, { ...params, pointIds: params.pointIds.join(',') }, downloadName(exportName, 'xlsx'));
    } catch {
      // Already shown by the HTTP client.
    } finally {
      setExporting(false);
    }
  };

  const shownResolution = result?.resolution ?? (range ? (resolution === 'auto' ? autoResolution(range) : resolution) : undefined);
  const empty = !!result && built?.total === 0;

  return (
    <div className="pdz-history">
      <Space wrap size={[12, 8]} style={{ marginBottom: 12 }}>
        <Segmented
          value={quick}
          options={QUICK_RANGES.map((q) => ({ value: q.key, label: q.label }))}
          onChange={(v) => {
            const key = v as QuickRangeKey;
            if (key === 'custom' && !custom) {
              const r = quickRange(quick === 'custom' ? '24h' : quick, Date.now())!;
              setCustom(r);
            }
            setQuick(key);
            setStamp(Date.now());
          }}
        />
        {quick === 'custom' && (
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            allowClear={false}
            value={custom ? [dayjs(custom.from), dayjs(custom.to)] : undefined}
            disabledDate={(d: Dayjs) => d.isAfter(dayjs().endOf('day'))}
            onChange={(v) => {
              if (!v?.[0] || !v[1]) return;
              const r = { from: v[0].valueOf(), to: v[1].valueOf() };
              const why = rangeProblem(r);
              if (why) message.warning(why);
              else setCustom(r);
            }}
          />
        )}
        <Select
          aria-label="分辨率"
          style={{ width: 150 }}
          value={resolution}
          options={RESOLUTION_OPTIONS.map((o) => ({ ...o, label: `分辨率：${o.label}` }))}
          onChange={setResolution}
        />
        <Tooltip title="刷新到现在">
          <Button icon={<ReloadOutlined />} onClick={() => (quick === 'custom' ? history.refetch() : setStamp(Date.now()))} />
        </Tooltip>
        <Button icon={<DownloadOutlined />} disabled={!result || empty || !params} loading={exporting} onClick={exportShown}>
          导出
        </Button>
        {shownResolution && (
          <Tag color={result ? 'blue' : 'default'}>
            {resolution === 'auto' ? '自动选择' : '指定'}：{RESOLUTION_LABELS[shownResolution]}
            {shownResolution !== 'raw' ? '（平均值，阴影为最小～最大）' : '数据'}
          </Tag>
        )}
        {built && built.barLabels.size > 0 && <Tag color="gold">用量柱按{[...new Set(built.barLabels.values())].join('、').replace(/^每/, '')}显示（查看每15分钟用量请缩短时间范围）</Tag>}
      </Space>
      <Select
        mode="multiple"
        aria-label="测点"
        placeholder="选择要查看的测点（最多8个，最多两种单位）"
        style={{ width: '100%', marginBottom: 8 }}
        value={[...selected]}
        maxCount={8}
        options={options}
        optionFilterProp="label"
        onChange={(ids: number[]) => onSelectedChange(ids)}
      />
      {problem && <Alert type="warning" showIcon title={problem} style={{ marginBottom: 8 }} />}
      {result?.truncated && <Alert type="info" showIcon title="原始数据过多，只显示了前100,000条，请缩短时间范围或选择更粗的分辨率" style={{ marginBottom: 8 }} />}
      {history.isError && <Alert type="error" showIcon title={(history.error as Error)?.message ?? '历史数据加载失败'} style={{ marginBottom: 8 }} />}
      {!chosen.length ? (
        <Empty style={{ padding: 48 }} description="请选择测点" />
      ) : (
        <div style={{ position: 'relative' }} data-testid="history-chart" data-points={built?.total ?? 0}>
          {built && (
            <EChart
              option={built.option}
              notMerge
              height={height}
              loading={history.isFetching}
              onInstance={(c) => {
                chartRef.current = c;
                if (c) timeSetOption(c);
              }}
              ariaLabel={`${chosen.map((p) => p.name).join('、')}历史曲线`}
            />
          )}
          {!built && (
            <div style={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
              {history.isFetching ? <Spin tip="正在加载历史数据..."><div style={{ width: 160, height: 60 }} /></Spin> : null}
            </div>
          )}
          {empty && !history.isFetching && (
            <div style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', pointerEvents: 'none' }}>
              <Typography.Text type="secondary">所选时间内没有数据</Typography.Text>
            </div>
          )}
        </div>
      )}
      {open && built && chosen.map((p) => (built.tailFrom.get(p.pointId) !== null ? <LiveTail key={p.pointId} pointId={p.pointId} onData={onTail} /> : null))}
    </div>
  );
}
