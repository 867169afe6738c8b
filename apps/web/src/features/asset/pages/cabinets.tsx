import { useState } from 'react';
import { Form, Input, Space } from 'antd';
import { DICT_CABINET_TYPE, PERMS, type CabinetRow } from '@pdz/contracts';
import {
  AddButton,
  CrudPage,
  CrudTable,
  DeleteAction,
  EditAction,
  ExportButton,
  QueryBar,
  RemoveButton,
  describeSelection,
  formatTime,
  orDash,
  quoted,
  useCrudList,
  useCrudMutation,
  useEditor,
  type CrudColumn,
} from '@/components/crud';
import { CABINET_EXPORT_URL, CABINET_KEY, fetchCabinets, removeCabinets } from '../api/cabinet';
import { BAY_KEY } from '../api/bay';
import { STATION_KEY } from '../api/station';
import { TREE_KEY } from '../api/tree';
import { SiteCabinetFormModal } from '../components/SiteCabinetFormModal';
import { BaySelect, CustomerSelect, DictSelect, StationTreeSelect, useSiteDicts } from '../components/SitePickers';

interface CabinetQuery extends Record<string, unknown> {
  keyword?: string;
  customerId?: number;
  stationId?: number;
  bayId?: number;
  cabinetType?: string;
}

const P = PERMS.cabinet;
const DEFAULT_HIDDEN = ['id', 'model', 'manufacturer', 'customerName', 'remark', 'createdAt', 'orderNum'];

/** 柜体: switchgear and distribution cabinets, in their bays or directly under the station. */
export default function CabinetsPage() {
  const list = useCrudList<CabinetRow, CabinetQuery>(CABINET_KEY, fetchCabinets, {});
  const [showSearch, setShowSearch] = useState(true);
  const [form] = Form.useForm<CabinetQuery>();
  const customerId = Form.useWatch('customerId', form);
  const stationId = Form.useWatch('stationId', form);
  const editor = useEditor<CabinetRow>();
  const dicts = useSiteDicts();
  const remove = useCrudMutation((ids: number[]) => removeCabinets(ids), {
    invalidate: [CABINET_KEY, BAY_KEY, STATION_KEY, TREE_KEY],
    success: '删除成功',
    onSuccess: (_r, ids) => list.afterRemove(ids.length),
  });
  const selected = list.list.filter((c) => list.selectedRowKeys.includes(c.id));

  const columns: CrudColumn<CabinetRow>[] = [
    { key: 'id', title: 'ID', dataIndex: 'id', sorter: true, width: 70 },
    { key: 'code', title: '柜体编号', dataIndex: 'code', sorter: true },
    { key: 'name', title: '柜体名称', dataIndex: 'name', sorter: true, ellipsis: true },
    { key: 'cabinetType', title: '柜体类型', dataIndex: 'cabinetTypeName', sorter: true },
    { key: 'stationName', title: '所属站点', dataIndex: 'stationName', sorter: true, ellipsis: true },
    { key: 'bayName', title: '所属间隔', dataIndex: 'bayName', render: (v: string | null) => v ?? <span style={{ color: 'rgba(0,0,0,0.45)' }}>直属站点</span> },
    { key: 'customerName', title: '所属客户', dataIndex: 'customerName', ellipsis: true },
    { key: 'voltageLevel', title: '电压等级', dataIndex: 'voltageLevel', render: (v: string | null) => orDash(dicts.label('dict_dydj', v)) },
    { key: 'model', title: '柜体型号', dataIndex: 'model', render: orDash },
    { key: 'manufacturer', title: '生产厂家', dataIndex: 'manufacturer', ellipsis: true, render: orDash },
    { key: 'commissionDate', title: '投运日期', dataIndex: 'commissionDate', render: orDash },
    { key: 'equipmentCount', title: '设备数', dataIndex: 'equipmentCount', align: 'right' },
    { key: 'orderNum', title: '显示顺序', dataIndex: 'orderNum', sorter: true, align: 'right' },
    { key: 'remark', title: '备注', dataIndex: 'remark', ellipsis: true, render: orDash },
    { key: 'createdAt', title: '创建时间', dataIndex: 'createdAt', sorter: true, render: (v: number) => formatTime(v) },
    {
      key: 'actions',
      title: '操作',
      hideable: false,
      fixed: 'right',
      render: (_v, c) => (
        <Space size={0}>
          <EditAction perms={[P.edit]} onClick={() => editor.openEdit(c)} />
          <DeleteAction perms={[P.remove]} what={`柜体${quoted(c.name)}`} onConfirm={() => remove.mutateAsync([c.id])} />
        </Space>
      ),
    },
  ];

  return (
    <CrudPage>
      <QueryBar<CabinetQuery> form={form} hidden={!showSearch} onSearch={(v) => list.replaceFilters(v)} onReset={list.reset}>
        <Form.Item name="keyword" label="关键字">
          <Input placeholder="柜体名称或编号" allowClear style={{ width: 170 }} />
        </Form.Item>
        <Form.Item name="customerId" label="客户">
          <CustomerSelect style={{ width: 200 }} placeholder="全部客户" onChange={(v) => form.setFieldsValue({ customerId: v, stationId: undefined, bayId: undefined })} />
        </Form.Item>
        <Form.Item name="stationId" label="站点">
          <StationTreeSelect style={{ width: 220 }} placeholder="全部站点" customerId={customerId} onChange={(v) => form.setFieldsValue({ stationId: v, bayId: undefined })} />
        </Form.Item>
        <Form.Item name="bayId" label="间隔">
          <BaySelect stationId={stationId} style={{ width: 160 }} placeholder={stationId ? '全部间隔' : '请先选择站点'} />
        </Form.Item>
        <Form.Item name="cabinetType" label="柜体类型">
          <DictSelect dict={DICT_CABINET_TYPE} placeholder="全部" style={{ width: 130 }} />
        </Form.Item>
      </QueryBar>
      <CrudTable<CabinetRow>
        pageKey="asset/cabinets"
        defaultHidden={DEFAULT_HIDDEN}
        columns={columns}
        state={list}
        selectable
        onToggleSearch={() => setShowSearch((s) => !s)}
        toolbar={
          <>
            <AddButton perms={[P.add]} onClick={() => editor.openAdd()} />
            <RemoveButton
              perms={[P.remove]}
              count={selected.length}
              what={describeSelection('柜体', selected.map((c) => c.name), '台')}
              onConfirm={() => remove.mutateAsync(selected.map((c) => c.id))}
            />
            <ExportButton perms={[P.export]} url={CABINET_EXPORT_URL} params={list.exportParams} baseName="柜体数据" />
          </>
        }
      />
      <SiteCabinetFormModal open={editor.open} id={editor.record?.id} stationId={list.filters.stationId} bayId={list.filters.bayId} onClose={editor.close} />
    </CrudPage>
  );
}
