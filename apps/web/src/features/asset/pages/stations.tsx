import { useState } from 'react';
import { Form, Input, Tag, Tooltip } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { DICT_ASSET_STATUS, DICT_STATION_TYPE, PERMS, type StationRow } from '@pdz/contracts';
import {
  CrudPage,
  CrudTable,
  CrudToolbar,
  DeleteAction,
  EditAction,
  QueryBar,
  actionsColumn,
  createdAtColumn,
  idColumn,
  orDash,
  orderNumColumn,
  quoted,
  useCrudList,
  useCrudRemove,
  useEditor,
  type CrudColumn,
} from '@/components/crud';
import { STATION_EXPORT_URL, STATION_KEY, fetchStations, removeStations } from '../api/station';
import { CUSTOMER_TREE_KEY, TREE_KEY } from '../api/tree';
import { SiteStationFormModal } from '../components/SiteStationFormModal';
import { SitePdfButton } from '../components/SitePdfButton';
import { DictSelect, useSiteDicts } from '../components/SitePickers';
import { siteScopeFilters } from '../components/SiteScopeFilters';
import { SiteStatusTag } from '../components/SiteStatusTag';

interface StationQuery extends Record<string, unknown> {
  keyword?: string;
  customerId?: number;
  stationType?: string;
  status?: string;
  voltageLevel?: string;
  city?: string;
}

const P = PERMS.station;
const DEFAULT_HIDDEN = ['id', 'voltageLevel', 'city', 'address', 'commissionDate', 'contact', 'phone', 'orderNum', 'createdAt', 'cabinetCount', 'gatewayCount', 'cameraCount'];

/** 站点: stations with their type, voltage, capacity, place on the map and counts; 台账PDF per station. */
export default function StationsPage() {
  const list = useCrudList<StationRow, StationQuery>(STATION_KEY, fetchStations, {});
  const [showSearch, setShowSearch] = useState(true);
  const editor = useEditor<StationRow>();
  const dicts = useSiteDicts();
  const remove = useCrudRemove(list, removeStations, [STATION_KEY, CUSTOMER_TREE_KEY, TREE_KEY]);

  const columns: CrudColumn<StationRow>[] = [
    idColumn(),
    { key: 'code', title: '站点编号', dataIndex: 'code', sorter: true },
    { key: 'name', title: '站点名称', dataIndex: 'name', sorter: true, ellipsis: true, width: 190 },
    { key: 'customerName', title: '所属客户', dataIndex: 'customerName', sorter: true, ellipsis: true, width: 180 },
    { key: 'stationType', title: '站点类型', dataIndex: 'stationTypeName' },
    { key: 'voltageLevel', title: '电压等级', dataIndex: 'voltageLevel', render: (v: string | null) => orDash(dicts.label('dict_dydj', v)) },
    { key: 'capacityKva', title: '容量(kVA)', dataIndex: 'capacityKva', sorter: true, align: 'right', render: orDash },
    { key: 'city', title: '城市', dataIndex: 'city', sorter: true, render: orDash },
    { key: 'address', title: '地址', dataIndex: 'address', ellipsis: true, render: orDash },
    {
      key: 'coords',
      title: '经纬度',
      render: (_v, s) =>
        s.longitude !== null && s.latitude !== null ? (
          <Tooltip title="经度, 纬度">
            <span style={{ whiteSpace: 'nowrap' }}>
              <EnvironmentOutlined style={{ color: '#1677ff', marginRight: 4 }} />
              {s.longitude}, {s.latitude}
            </span>
          </Tooltip>
        ) : (
          <Tag>未定位</Tag>
        ),
    },
    { key: 'commissionDate', title: '投运日期', dataIndex: 'commissionDate', sorter: true, render: orDash },
    { key: 'status', title: '运行状态', dataIndex: 'status', render: (v: string, s) => <SiteStatusTag value={v} label={s.statusName} /> },
    { key: 'cabinetCount', title: '柜体', dataIndex: 'cabinetCount', align: 'right' },
    { key: 'equipmentCount', title: '设备', dataIndex: 'equipmentCount', align: 'right' },
    { key: 'gatewayCount', title: '网关', dataIndex: 'gatewayCount', align: 'right' },
    { key: 'cameraCount', title: '摄像头', dataIndex: 'cameraCount', align: 'right' },
    { key: 'contact', title: '联系人', dataIndex: 'contact', render: orDash },
    { key: 'phone', title: '联系电话', dataIndex: 'phone', render: orDash },
    orderNumColumn(),
    createdAtColumn(),
    actionsColumn((s) => (
      <>
        <EditAction perms={[P.edit]} onClick={() => editor.openEdit(s)} />
        <SitePdfButton station={s} />
        <DeleteAction perms={[P.remove]} what={`站点${quoted(s.name)}`} onConfirm={() => remove.mutateAsync([s.id])} />
      </>
    )),
  ];

  return (
    <CrudPage>
      <QueryBar<StationQuery> hidden={!showSearch} onSearch={(v) => list.replaceFilters(v)} onReset={list.reset}>
        <Form.Item name="keyword" label="关键字">
          <Input placeholder="站点名称或编号" allowClear style={{ width: 180 }} />
        </Form.Item>
        {siteScopeFilters({ station: false })}
        <Form.Item name="stationType" label="站点类型">
          <DictSelect dict={DICT_STATION_TYPE} placeholder="全部" style={{ width: 130 }} />
        </Form.Item>
        <Form.Item name="voltageLevel" label="电压等级">
          <DictSelect dict="dict_dydj" placeholder="全部" style={{ width: 110 }} />
        </Form.Item>
        <Form.Item name="status" label="运行状态">
          <DictSelect dict={DICT_ASSET_STATUS} placeholder="全部" style={{ width: 110 }} />
        </Form.Item>
        <Form.Item name="city" label="城市">
          <Input placeholder="如 苏州" allowClear style={{ width: 120 }} />
        </Form.Item>
      </QueryBar>
      <CrudTable<StationRow>
        pageKey="asset/stations"
        defaultHidden={DEFAULT_HIDDEN}
        columns={columns}
        state={list}
        selectable
        onToggleSearch={() => setShowSearch((s) => !s)}
        toolbar={
          <CrudToolbar
            list={list}
            perms={P}
            onAdd={() => editor.openAdd()}
            remove={{ noun: '站点', name: (s) => s.name, onConfirm: (ids) => remove.mutateAsync(ids) }}
            exportTo={{ url: STATION_EXPORT_URL, baseName: '站点数据' }}
          />
        }
      />
      <SiteStationFormModal open={editor.open} id={editor.record?.id} customerId={list.filters.customerId} onClose={editor.close} />
    </CrudPage>
  );
}
