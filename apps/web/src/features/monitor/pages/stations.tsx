import { useCallback, useMemo, useState } from 'react';
import { Button, Card, Col, Empty, Flex, Input, Row, Segmented, Select, Skeleton, Table, Tag, Typography } from 'antd';
import { AppstoreOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { MonitorStationRow } from '@pdz/contracts';
import { formatTime } from '@/components/crud';
import { useMonitorStations } from '../api';
import { CommBar, StationCard } from '../components/StationCard';
import { AlarmFigure, AlarmLevels, Figure } from '../components/StationStrip';
import { customerOptions, filterStations, fleetTotals, formatFigure, onlineRatio, type StationAttention } from '../components/monitorModel';
import '../components/monitor.css';

const VIEW_KEY = 'monitor.stations.view';

/**
 * 站点总览: every station in scope with load, today's energy, comm state and active alarms, as
 * cards or a table, with fleet totals on top. A click opens the station's 实时监控. The figures are
 * re-read every 30 s.
 */
export default function StationsPage() {
  const navigate = useNavigate();
  const all = useMonitorStations({}, { refresh: true });
  const [customerId, setCustomerId] = useState<number>();
  const [keyword, setKeyword] = useState('');
  const [attention, setAttention] = useState<StationAttention>('all');
  const [view, setView] = useState<'card' | 'table'>(() => (localStorage.getItem(VIEW_KEY) === 'table' ? 'table' : 'card'));

  const shown = useMemo(() => {
    const k = keyword.trim().toLowerCase();
    const list = (all.data ?? []).filter(
      (s) => (customerId === undefined || s.customerId === customerId) && (!k || [s.name, s.code, s.customerName, s.address ?? ''].some((v) => v.toLowerCase().includes(k))),
    );
    return filterStations(list, attention);
  }, [all.data, customerId, keyword, attention]);
  const totals = useMemo(() => fleetTotals(shown), [shown]);
  const open = useCallback((id: number) => navigate(`/monitor/realtime?stationId=${id}`), [navigate]);
  const ratio = onlineRatio(totals.equipment);

  const columns = [
    {
      key: 'name',
      title: '站点',
      dataIndex: 'name',
      fixed: 'left' as const,
      sorter: (a: MonitorStationRow, b: MonitorStationRow) => a.name.localeCompare(b.name, 'zh'),
      render: (v: string, s: MonitorStationRow) => <Typography.Link onClick={() => open(s.id)}>{v}</Typography.Link>,
    },
    {
      key: 'customer',
      title: '客户',
      dataIndex: 'customerName',
      width: 140,
      // Cut here, not with `ellipsis`: the max-content table sizes a column by its widest text.
      render: (v: string) => (
        <Typography.Text ellipsis={{ tooltip: v }} style={{ maxWidth: 124 }}>
          {v}
        </Typography.Text>
      ),
    },
    { key: 'type', title: '类型', dataIndex: 'stationTypeName', width: 96 },
    {
      key: 'load',
      title: '实时负荷(kW)',
      align: 'right' as const,
      sorter: (a: MonitorStationRow, b: MonitorStationRow) => (a.loadKw ?? -1) - (b.loadKw ?? -1),
      render: (_: unknown, s: MonitorStationRow) => <span className="mon-value">{formatFigure(s.loadKw)}</span>,
    },
    {
      key: 'energy',
      title: '今日电量(kWh)',
      align: 'right' as const,
      sorter: (a: MonitorStationRow, b: MonitorStationRow) => (a.todayKwh ?? -1) - (b.todayKwh ?? -1),
      render: (_: unknown, s: MonitorStationRow) => <span className="mon-value">{formatFigure(s.todayKwh)}</span>,
    },
    {
      key: 'online',
      title: '设备在线',
      width: 110,
      sorter: (a: MonitorStationRow, b: MonitorStationRow) => (onlineRatio(a.equipment) ?? -1) - (onlineRatio(b.equipment) ?? -1),
      render: (_: unknown, s: MonitorStationRow) => (
        <div>
          <div style={{ fontSize: 12, marginBottom: 2 }}>
            {s.equipment.online}/{s.equipment.total}
            {s.equipment.offline ? <span style={{ color: '#cf1322' }}> · 离线 {s.equipment.offline}</span> : null}
          </div>
          <CommBar e={s.equipment} />
        </div>
      ),
    },
    { key: 'gateways', title: '网关在线', render: (_: unknown, s: MonitorStationRow) => `${s.gateways.online}/${s.gateways.total}` },
    {
      key: 'alarms',
      title: '未结束告警',
      sorter: (a: MonitorStationRow, b: MonitorStationRow) => a.alarms.total - b.alarms.total,
      render: (_: unknown, s: MonitorStationRow) => (s.alarms.total ? <AlarmLevels byLevel={s.alarms.byLevel} /> : <Tag color="success">无</Tag>),
    },
    { key: 'last', title: '最近上报', dataIndex: 'lastSeenAt', render: (v: number | null) => formatTime(v) },
  ];

  return (
    <Flex vertical gap={12}>
      <Card variant="borderless" styles={{ body: { padding: 16 } }}>
        <div className="mon-strip" aria-label="站点汇总">
          {[
            ['站点', String(totals.stations), '座'],
            ['实时总负荷', formatFigure(totals.loadKw), 'kW'],
            ['今日总电量', formatFigure(totals.todayKwh), 'kWh'],
            ['设备在线率', ratio === null ? '--' : `${ratio}%`, `${totals.equipment.online}/${totals.equipment.total}`],
            ['网关在线', String(totals.gateways.online), `/ ${totals.gateways.total}`],
          ].map(([label, value, unit]) => (
            <Figure label={label} key={label}>
              {value}
              <small>{unit}</small>
            </Figure>
          ))}
          <AlarmFigure alarms={totals.alarms} style={{ gridColumn: 'span 2' }} />
        </div>
      </Card>
      <Card variant="borderless" styles={{ body: { padding: 16 } }}>
        <Flex justify="space-between" wrap gap={12} style={{ marginBottom: 12 }}>
          <Flex wrap gap={12}>
            <Select<number>
              aria-label="客户"
              allowClear
              placeholder="全部客户"
              style={{ width: 240 }}
              options={customerOptions(all.data ?? [])}
              value={customerId}
              onChange={setCustomerId}
              showSearch={{ optionFilterProp: 'label' }}
            />
            <Input.Search aria-label="搜索站点" allowClear placeholder="站点名称、编号、客户或地址" style={{ width: 260 }} onSearch={setKeyword} onChange={(e) => !e.target.value && setKeyword('')} />
            <Segmented<StationAttention>
              value={attention}
              onChange={setAttention}
              options={[
                { value: 'all', label: '全部' },
                { value: 'alarm', label: '有告警' },
                { value: 'offline', label: '有离线' },
              ]}
            />
          </Flex>
          <Segmented<'card' | 'table'>
            value={view}
            onChange={(v) => {
              setView(v);
              localStorage.setItem(VIEW_KEY, v);
            }}
            options={[
              { value: 'card', icon: <AppstoreOutlined />, title: '卡片' },
              { value: 'table', icon: <UnorderedListOutlined />, title: '列表' },
            ]}
          />
        </Flex>
        {all.isLoading ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : all.isError ? (
          <Empty description="站点数据加载失败">
            <Button onClick={() => void all.refetch()}>重新加载</Button>
          </Empty>
        ) : !shown.length ? (
          <Empty description={all.data?.length ? '没有符合条件的站点' : '还没有可以查看的站点'} />
        ) : view === 'card' ? (
          <Row gutter={[12, 12]}>
            {shown.map((s) => (
              <Col key={s.id} xs={24} md={12} xl={8} xxl={6}>
                <StationCard s={s} onOpen={open} />
              </Col>
            ))}
          </Row>
        ) : (
          <Table<MonitorStationRow>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={shown}
            scroll={{ x: 'max-content' }}
            pagination={{ defaultPageSize: 20, showSizeChanger: true, showTotal: (n) => `共 ${n} 座站点`, hideOnSinglePage: true }}
          />
        )}
      </Card>
    </Flex>
  );
}
