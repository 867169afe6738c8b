import { useMemo, useState } from 'react';
import { Form, Input, Select } from 'antd';
import { Link } from 'react-router';
import { COMM_STATES, COMM_STATE_LABELS, EQUIPMENT_TYPES, keyPointLabel, type MonitorDeviceRow } from '@pdz/contracts';
import { useChannels } from '@/realtime';
import { CrudPage, CrudTable, QueryBar, formatTime, orDash, useCrudList, type CrudColumn } from '@/components/crud';
import { MONITOR_KEY, fetchDevices, useMonitorStations } from '../api';
import { CommTag, PointValue } from '../components/LiveBits';
import { customerOptions, stationOptions } from '../components/monitorModel';
import '../components/monitor.css';

interface DeviceQuery extends Record<string, unknown> {
  customerId?: number;
  stationId?: number;
  equipmentType?: string;
  commState?: string;
  keyword?: string;
}

const TYPE_OPTIONS = EQUIPMENT_TYPES.map((t) => ({ value: t.value, label: t.label }));
const COMM_OPTIONS = COMM_STATES.map((s) => ({ value: s, label: COMM_STATE_LABELS[s] }));
// The code is in the name's tooltip; hidden columns stay one click away in 列设置.
const DEFAULT_HIDDEN = ['gateway', 'customer', 'code'];

/** The key values of one row, each its own live cell. */
function KeyValues({ row }: { row: MonitorDeviceRow }) {
  if (!row.points.length) return <span style={{ color: '#bfbfbf' }}>没有关键测点</span>;
  return (
    <div className={`mon-keyvals ${row.commState === 'online' ? '' : 'mon-stale'}`}>
      {row.points.map((p) => (
        <span className="mon-keyval" key={p.pointId}>
          <span className="mon-keyval-name" title={p.name}>
            {keyPointLabel(p)}
          </span>
          <PointValue point={p} />
        </span>
      ))}
    </div>
  );
}

/**
 * 设备总览: equipment of the user's scope with comm state and live key values, filtered, sorted
 * and paged on the server. Only the rows on screen are subscribed (`equipment:{id}`), page by page.
 */
export default function DevicesPage() {
  const list = useCrudList<MonitorDeviceRow, DeviceQuery>([...MONITOR_KEY, 'devices'], fetchDevices, {}, { pageSize: 20 });
  const [query] = Form.useForm<DeviceQuery>();
  const customerFilter = Form.useWatch('customerId', query);
  const [showSearch, setShowSearch] = useState(true);
  const stations = useMonitorStations();
  const customers = useMemo(() => customerOptions(stations.data ?? []), [stations.data]);
  const stationChoices = useMemo(
    () => stationOptions((stations.data ?? []).filter((s) => customerFilter === undefined || customerFilter === null || s.customerId === customerFilter)),
    [stations.data, customerFilter],
  );

  const ids = list.list.map((r) => r.id).join(',');
  const channels = useMemo(() => (ids ? ids.split(',').map((id) => `equipment:${id}`) : []), [ids]);
  useChannels(channels);

  const columns: CrudColumn<MonitorDeviceRow>[] = [
    {
      key: 'name',
      title: '设备名称',
      dataIndex: 'name',
      sorter: true,
      fixed: 'left',
      width: 200,
      ellipsis: true,
      render: (v: string, r) => (
        <Link to={`/monitor/equipment?id=${r.id}`} title={`${v}（${r.code}）`}>
          {v}
        </Link>
      ),
    },
    { key: 'code', title: '设备编号', dataIndex: 'code', sorter: true },
    { key: 'equipmentType', title: '设备类型', dataIndex: 'equipmentTypeName', sorter: true },
    { key: 'customer', title: '所属客户', dataIndex: 'customerName', ellipsis: true, width: 180 },
    { key: 'stationName', title: '所属站点', dataIndex: 'stationName', sorter: true, ellipsis: true, width: 170 },
    { key: 'cabinetName', title: '柜体', dataIndex: 'cabinetName', sorter: true, render: (v: string | null) => v ?? '站内环境', ellipsis: true, width: 130 },
    { key: 'comm', title: '通讯', width: 80, render: (_v, r) => <CommTag id={r.id} state={r.commState} lastSeenAt={r.lastSeenAt} /> },
    { key: 'values', title: '关键数据', width: 340, render: (_v, r) => <KeyValues row={r} /> },
    { key: 'lastSeenAt', title: '最近上报', dataIndex: 'lastSeenAt', sorter: true, render: (v: number | null) => (v ? formatTime(v) : '从未上报') },
    { key: 'gateway', title: '采集网关', dataIndex: 'gatewayCode', render: orDash },
  ];

  return (
    <CrudPage>
      <QueryBar<DeviceQuery> form={query} onSearch={list.replaceFilters} onReset={list.reset} hidden={!showSearch} collapsedCount={2}>
        <Form.Item name="keyword" label="设备">
          <Input allowClear placeholder="名称或编号" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="customerId" label="客户">
          <Select
            allowClear
            placeholder="全部客户"
            options={customers}
            style={{ width: 200 }}
            showSearch={{ optionFilterProp: 'label' }}
            onChange={() => query.setFieldValue('stationId', undefined)}
          />
        </Form.Item>
        <Form.Item name="stationId" label="站点">
          <Select allowClear placeholder="全部站点" options={stationChoices} style={{ width: 220 }} showSearch={{ optionFilterProp: 'label' }} loading={stations.isLoading} />
        </Form.Item>
        <Form.Item name="equipmentType" label="类型">
          <Select allowClear placeholder="全部类型" options={TYPE_OPTIONS} style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="commState" label="通讯">
          <Select allowClear placeholder="全部" options={COMM_OPTIONS} style={{ width: 110 }} />
        </Form.Item>
      </QueryBar>
      <CrudTable<MonitorDeviceRow>
        pageKey="monitor/devices"
        columns={columns}
        defaultHidden={DEFAULT_HIDDEN}
        state={list}
        size="middle"
        onToggleSearch={() => setShowSearch((v) => !v)}
        locale={{ emptyText: list.loading ? '正在加载设备…' : '没有符合条件的设备' }}
      />
    </CrudPage>
  );
}
