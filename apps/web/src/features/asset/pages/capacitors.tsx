import { useState } from 'react';
import { Form, Input } from 'antd';
import { CAPACITOR_CONNECTIONS, PERMS, type CapacitorRow } from '@pdz/contracts';
import {
  CrudPage,
  CrudTable,
  CrudToolbar,
  DeleteAction,
  EditAction,
  QueryBar,
  actionsColumn,
  createdAtColumn,
  orDash,
  quoted,
  useCrudList,
  useCrudRemove,
  useEditor,
  type CrudColumn,
} from '@/components/crud';
import { CAPACITOR_EXPORT_URL, CAPACITOR_KEY, fetchCapacitors, removeCapacitor } from '../api/capacitor';
import { CapacitorFormModal } from '../components/CapacitorFormModal';
import { CabinetSelect, StationSelect } from '../components/EquipmentSitePickers';

interface CapacitorQuery extends Record<string, unknown> {
  stationId?: number;
  cabinetId?: number;
  keyword?: string;
}

const P = PERMS.capacitor;
const connectionLabel = (v: string) => CAPACITOR_CONNECTIONS.find((c) => c.value === v)?.label ?? v;

/** 电容器: capacitor banks of the stations, with their controller and switching groups. */
export default function CapacitorsPage() {
  const list = useCrudList<CapacitorRow, CapacitorQuery>(CAPACITOR_KEY, fetchCapacitors, {});
  const [query] = Form.useForm<CapacitorQuery>();
  const stationFilter = Form.useWatch('stationId', query);
  const [showSearch, setShowSearch] = useState(true);
  const editor = useEditor<CapacitorRow>();
  const remove = useCrudRemove(list, ([id]) => removeCapacitor(id), [CAPACITOR_KEY]);

  const columns: CrudColumn<CapacitorRow>[] = [
    { key: 'code', title: '编号', dataIndex: 'code', sorter: true },
    { key: 'name', title: '名称', dataIndex: 'name', sorter: true, ellipsis: true, width: 200 },
    { key: 'station', title: '所属站点', dataIndex: 'stationName', ellipsis: true, width: 180 },
    { key: 'cabinet', title: '柜体', dataIndex: 'cabinetName', render: orDash },
    { key: 'controller', title: '补偿控制器', dataIndex: 'equipmentName', render: orDash, ellipsis: true },
    { key: 'capacityKvar', title: '补偿容量', dataIndex: 'capacityKvar', sorter: true, align: 'right', render: (v: number) => `${v} kvar` },
    { key: 'steps', title: '投切组数', dataIndex: 'steps', align: 'right', render: (v: number, c) => `${v} 组 × ${c.stepKvar} kvar` },
    { key: 'voltage', title: '额定电压', dataIndex: 'ratedVoltageKv', align: 'right', render: (v: number) => `${v} kV` },
    { key: 'connection', title: '接线方式', dataIndex: 'connection', render: connectionLabel },
    { key: 'manufacturer', title: '生产厂家', dataIndex: 'manufacturer', render: orDash, ellipsis: true },
    { key: 'installDate', title: '安装日期', dataIndex: 'installDate', render: orDash },
    createdAtColumn(),
    actionsColumn((c) => (
      <>
        <EditAction perms={[P.edit]} onClick={() => editor.openEdit(c)} />
        <DeleteAction perms={[P.remove]} what={`电容器${quoted(c.name)}（${c.code}）`} onConfirm={() => remove.mutateAsync([c.id])} />
      </>
    )),
  ];

  return (
    <CrudPage>
      <QueryBar<CapacitorQuery> form={query} hidden={!showSearch} onSearch={(v) => list.replaceFilters(v)} onReset={list.reset}>
        <Form.Item name="keyword" label="关键字">
          <Input placeholder="编号或名称" allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="stationId" label="站点">
          <StationSelect allowClear style={{ width: 220 }} onChange={() => query.setFieldsValue({ cabinetId: undefined })} />
        </Form.Item>
        <Form.Item name="cabinetId" label="柜体">
          <CabinetSelect stationId={stationFilter} allowClear style={{ width: 180 }} />
        </Form.Item>
      </QueryBar>
      <CrudTable<CapacitorRow>
        pageKey="asset/capacitors"
        defaultHidden={['manufacturer', 'installDate', 'createdAt']}
        columns={columns}
        state={list}
        onToggleSearch={() => setShowSearch((s) => !s)}
        toolbar={<CrudToolbar list={list} perms={P} onAdd={() => editor.openAdd()} exportTo={{ url: CAPACITOR_EXPORT_URL, baseName: '电容器数据' }} />}
      />
      <CapacitorFormModal open={editor.open} record={editor.record} onClose={editor.close} />
    </CrudPage>
  );
}
