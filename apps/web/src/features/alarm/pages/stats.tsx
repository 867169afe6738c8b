import { useMemo, useState } from 'react';
import { Card, Col, DatePicker, Empty, Form, Row, Statistic, Table, Tabs } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import type { AlarmStatsRow } from '@pdz/contracts';
import { EChart } from '@/components/EChart';
import { CrudPage } from '@/components/crud';
import { alarmSiteItems } from '../components/AlarmFilterItems';
import { useAlarmStats, type StatsParams } from '../api';
import { dayRangePresets, lastDays } from '../components/rangePresets';
import { byDayOption, byLevelOption, byTypeOption, topRows, totalsOf } from '../components/statsCharts';
import { ALARM_LEVELS, alarmLevel } from '../levels';
import { AlarmLevelTag } from '../components/AlarmTags';

interface Filters {
  range: [Dayjs, Dayjs];
  customerId?: number;
  stationId?: number;
}

const CHART_H = 300;
const minutes = (v: number | null) => (v === null ? '-' : v < 10 ? v.toFixed(1) : String(Math.round(v)));

function rankColumns(what: string): ColumnsType<AlarmStatsRow> {
  return [
    { title: '排名', key: 'rank', width: 60, align: 'center', render: (_v, _r, i) => i + 1 },
    { title: what, dataIndex: 'label', ellipsis: true },
    { title: '告警数', dataIndex: 'total', width: 76, align: 'right' },
    ...ALARM_LEVELS.map((l) => ({
      title: <AlarmLevelTag level={l} />,
      key: `l${l}`,
      width: 62,
      align: 'right' as const,
      render: (_v: unknown, r: AlarmStatsRow) => r.byLevel[String(l)] ?? 0,
    })),
    { title: '未确认', dataIndex: 'unconfirmed', width: 70, align: 'right', render: (v: number) => (v ? <span style={{ color: '#f5222d' }}>{v}</span> : 0) },
    { title: '平均确认用时', dataIndex: 'avgConfirmMinutes', width: 110, align: 'right', render: (v: number | null) => (v === null ? '-' : `${minutes(v)} 分钟`) },
  ];
}

/** 告警统计: alarms of a period by day and level, by level, by type, and the stations and equipment with the most. */
export default function AlarmStatsPage() {
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>(() => ({ range: lastDays(30) }));
  const customerId = Form.useWatch('customerId', form);
  const presets = useMemo(dayRangePresets, []);

  const base = useMemo(() => {
    const [a, b] = filters.range;
    return { from: a.startOf('day').valueOf(), to: b.endOf('day').valueOf(), customerId: filters.customerId, stationId: filters.stationId };
  }, [filters]);
  const q = (groupBy: StatsParams['groupBy']) => ({ ...base, groupBy });
  const day = useAlarmStats(q('day'));
  const level = useAlarmStats(q('level'));
  const type = useAlarmStats(q('type'));
  const station = useAlarmStats(q('station'));
  const equipment = useAlarmStats(q('equipment'));

  const totals = totalsOf(level.data ?? []);
  const dayOpt = useMemo(() => byDayOption(day.data ?? [], base.from, base.to), [day.data, base.from, base.to]);
  const levelOpt = useMemo(() => byLevelOption(level.data ?? []), [level.data]);
  const typeOpt = useMemo(() => byTypeOption(type.data ?? []), [type.data]);
  const empty = level.isSuccess && totals.total === 0;

  return (
    <CrudPage>
      <Form<Filters>
        form={form}
        layout="inline"
        initialValues={filters}
        style={{ marginBottom: 16, rowGap: 12 }}
        onValuesChange={(_c, all) => setFilters({ ...all, range: all.range ?? filters.range })}
      >
        <Form.Item name="range" label="统计时间">
          <DatePicker.RangePicker presets={presets} allowClear={false} style={{ width: 260 }} />
        </Form.Item>
        {alarmSiteItems(form, customerId)}
      </Form>

      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title="告警总数" value={totals.total} suffix="条" loading={level.isLoading} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title="紧急告警" value={level.data?.find((r) => r.key === '1')?.total ?? 0} suffix="条" loading={level.isLoading} styles={{ content: { color: alarmLevel(1).hex } }} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title="未确认" value={totals.unconfirmed} suffix="条" loading={level.isLoading} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title="平均确认用时" value={minutes(totals.avgConfirmMinutes)} suffix={totals.avgConfirmMinutes === null ? undefined : '分钟'} loading={level.isLoading} />
          </Card>
        </Col>

        <Col xs={24} lg={16}>
          <Card size="small" title="每日告警（按级别）">
            {empty ? <Empty description="该时间段内没有告警" style={{ height: CHART_H - 40 }} /> : <EChart option={dayOpt} height={CHART_H} loading={day.isLoading} notMerge ariaLabel="每日告警数量，按级别堆叠" />}
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card size="small" title="告警级别分布">
            {empty ? <Empty description="暂无数据" style={{ height: CHART_H - 40 }} /> : <EChart option={levelOpt} height={CHART_H} loading={level.isLoading} ariaLabel="告警级别分布" />}
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card size="small" title="告警类型分布">
            {empty ? <Empty description="暂无数据" style={{ height: CHART_H - 40 }} /> : <EChart option={typeOpt} height={CHART_H} loading={type.isLoading} ariaLabel="告警类型分布" />}
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          <Card size="small" styles={{ body: { paddingTop: 0 } }}>
            <Tabs
              items={[
                {
                  key: 'station',
                  label: '站点告警排行',
                  children: <Table<AlarmStatsRow> rowKey="key" size="small" columns={rankColumns('站点')} dataSource={topRows(station.data ?? [])} loading={station.isLoading} pagination={false} scroll={{ x: 'max-content' }} locale={{ emptyText: '暂无数据' }} />,
                },
                {
                  key: 'equipment',
                  label: '设备告警排行',
                  children: <Table<AlarmStatsRow> rowKey="key" size="small" columns={rankColumns('设备')} dataSource={topRows(equipment.data ?? [])} loading={equipment.isLoading} pagination={false} scroll={{ x: 'max-content' }} locale={{ emptyText: '暂无数据' }} />,
                },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </CrudPage>
  );
}
