import { useState } from 'react';
import { Form, Input, Space } from 'antd';
import { PERMS, type BayRow } from '@pdz/contracts';
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
import { BAY_EXPORT_URL, BAY_KEY, fetchBays, removeBays } from '../api/bay';
import { STATION_KEY } from '../api/station';
import { TREE_KEY } from '../api/tree';
import { SiteBayFormModal } from '../components/SiteBayFormModal';
import { CustomerSelect, StationTreeSelect, useSiteDicts } from '../components/SitePickers';

interface BayQuery extends Record<string, unknown> {
  keyword?: string;
  customerId?: number;
  stationId?: number;
}

const P = PERMS.bay;
const DEFAULT_HIDDEN = ['id', 'remark', 'createdAt'];

/** 间隔: the sections of a station's switchgear that group its cabinets. */
export default function BaysPage() {
  const list = useCrudList<BayRow, BayQuery>(BAY_KEY, fetchBays, {});
  const [showSearch, setShowSearch] = useState(true);
  const [form] = Form.useForm<BayQuery>();
  const customerId = Form.useWatch('customerId', form);
  const editor = useEditor<BayRow>();
  const dicts = useSiteDicts();
  const remove = useCrudMutation((ids: number[]) => removeBays(ids), {
    invalidate: [BAY_KEY, STATION_KEY, TREE_KEY],
    success: '删除成功',
    onSuccess: (_r, ids) => list.afterRemove(ids.length),
  });
  const selected = list.list.filter((b) => list.selectedRowKeys.includes(b.id));

  const columns: CrudColumn<BayRow>[] = [
    { key: 'id', title: 'ID', dataIndex: 'id', sorter: true, width: 70 },
    { key: 'code', title: '间隔编号', dataIndex: 'code', sorter: true },
    { key: 'name', title: '间隔名称', dataIndex: 'name', sorter: true, ellipsis: true },
    { key: 'stationName', title: '所属站点', dataIndex: 'stationName', ellipsis: true },
    { key: 'customerName', title: '所属客户', dataIndex: 'customerName', ellipsis: true },
    { key: 'voltageLevel', title: '电压等级', dataIndex: 'voltageLevel', render: (v: string | null) => orDash(dicts.label('dict_dydj', v)) },
    { key: 'cabinetCount', title: '柜体数', dataIndex: 'cabinetCount', align: 'right' },
    { key: 'orderNum', title: '显示顺序', dataIndex: 'orderNum', sorter: true, align: 'right' },
    { key: 'remark', title: '备注', dataIndex: 'remark', ellipsis: true, render: orDash },
    { key: 'createdAt', title: '创建时间', dataIndex: 'createdAt', sorter: true, render: (v: number) => formatTime(v) },
    {
      key: 'actions',
      title: '操作',
      hideable: false,
      fixed: 'right',
      render: (_v, b) => (
        <Space size={0}>
          <EditAction perms={[P.edit]} onClick={() => editor.openEdit(b)} />
          <DeleteAction perms={[P.remove]} what={`间隔${quoted(b.name)}`} onConfirm={() => remove.mutateAsync([b.id])} />
        </Space>
      ),
    },
  ];

  return (
    <CrudPage>
      <QueryBar<BayQuery>
        form={form}
        hidden={!showSearch}
        onSearch={(v) => list.replaceFilters(v)}
        onReset={list.reset}
      >
        <Form.Item name="keyword" label="关键字">
          <Input placeholder="间隔名称或编号" allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="customerId" label="客户">
          <CustomerSelect style={{ width: 200 }} placeholder="全部客户" onChange={(v) => form.setFieldsValue({ customerId: v, stationId: undefined })} />
        </Form.Item>
        <Form.Item name="stationId" label="站点">
          <StationTreeSelect style={{ width: 220 }} placeholder="全部站点" customerId={customerId} />
        </Form.Item>
      </QueryBar>
      <CrudTable<BayRow>
        pageKey="asset/bays"
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
              what={describeSelection('间隔', selected.map((b) => b.name))}
              onConfirm={() => remove.mutateAsync(selected.map((b) => b.id))}
            />
            <ExportButton perms={[P.export]} url={BAY_EXPORT_URL} params={list.exportParams} baseName="间隔数据" />
          </>
        }
      />
      <SiteBayFormModal open={editor.open} id={editor.record?.id} stationId={list.filters.stationId} onClose={editor.close} />
    </CrudPage>
  );
}
