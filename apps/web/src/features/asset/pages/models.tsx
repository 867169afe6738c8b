import { useState } from 'react';
import { Form, Input, Select, Tag, Typography } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { EQUIPMENT_TYPES, PERMS, type EquipmentModelRow } from '@pdz/contracts';
import {
  CrudPage,
  CrudTable,
  CrudToolbar,
  DeleteAction,
  EditAction,
  QueryBar,
  RowAction,
  actionsColumn,
  createdAtColumn,
  orDash,
  quoted,
  useCrudList,
  useCrudRemove,
  useEditor,
  type CrudColumn,
} from '@/components/crud';
import { fetchModels, MODEL_EXPORT_URL, MODEL_KEY, removeModel } from '../api/model';
import { ModelFormModal } from '../components/ModelFormModal';
import { ModelDrawer } from '../components/ModelDrawer';

interface ModelQuery extends Record<string, unknown> {
  keyword?: string;
  equipmentType?: string;
  builtIn?: string;
}

const P = PERMS.model;
const TYPE_OPTIONS = EQUIPMENT_TYPES.map((t) => ({ value: t.value, label: t.label }));
const ORIGIN_OPTIONS = [
  { value: 'true', label: '内置' },
  { value: 'false', label: '自定义' },
];

/** 设备型号: models and their standard point sets; built-in models are read-only. */
export default function ModelsPage() {
  const list = useCrudList<EquipmentModelRow, ModelQuery>(MODEL_KEY, fetchModels, {});
  const [showSearch, setShowSearch] = useState(true);
  const [viewing, setViewing] = useState<{ id: number; editPoints?: boolean } | null>(null);
  const editor = useEditor<EquipmentModelRow>();
  const remove = useCrudRemove(list, ([id]) => removeModel(id), [MODEL_KEY]);

  const columns: CrudColumn<EquipmentModelRow>[] = [
    { key: 'code', title: '型号编码', dataIndex: 'code', sorter: true, render: (v: string, m) => <Typography.Link onClick={() => setViewing({ id: m.id })}>{v}</Typography.Link> },
    { key: 'name', title: '型号名称', dataIndex: 'name', sorter: true },
    { key: 'equipmentType', title: '设备类型', dataIndex: 'equipmentTypeName', sorter: true },
    { key: 'manufacturer', title: '生产厂家', dataIndex: 'manufacturer', render: orDash, ellipsis: true },
    { key: 'pointCount', title: '标准测点', dataIndex: 'pointCount', align: 'right', render: (n: number) => `${n} 个` },
    { key: 'builtIn', title: '来源', dataIndex: 'builtIn', render: (v: boolean) => (v ? <Tag color="blue">内置</Tag> : <Tag>自定义</Tag>) },
    { key: 'description', title: '说明', dataIndex: 'description', render: orDash, ellipsis: true, width: 240 },
    createdAtColumn(),
    actionsColumn((m) => (
      <>
        <RowAction perms={[P.list, P.query]} icon={<EyeOutlined />} onClick={() => setViewing({ id: m.id })}>
          详情
        </RowAction>
        {!m.builtIn && <EditAction perms={[P.edit]} onClick={() => editor.openEdit(m)} />}
        {!m.builtIn && <DeleteAction perms={[P.remove]} what={`型号${quoted(m.name)}（${m.code}）及其 ${m.pointCount} 个标准测点`} onConfirm={() => remove.mutateAsync([m.id])} />}
      </>
    )),
  ];

  return (
    <CrudPage>
      <QueryBar<ModelQuery> hidden={!showSearch} onSearch={(v) => list.replaceFilters(v)} onReset={list.reset}>
        <Form.Item name="keyword" label="关键字">
          <Input placeholder="型号编码或名称" allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="equipmentType" label="设备类型">
          <Select placeholder="全部类型" allowClear options={TYPE_OPTIONS} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="builtIn" label="来源">
          <Select placeholder="全部" allowClear options={ORIGIN_OPTIONS} style={{ width: 110 }} />
        </Form.Item>
      </QueryBar>
      <CrudTable<EquipmentModelRow>
        pageKey="asset/models"
        defaultHidden={['description']}
        columns={columns}
        state={list}
        onToggleSearch={() => setShowSearch((s) => !s)}
        toolbar={<CrudToolbar list={list} perms={P} onAdd={() => editor.openAdd()} exportTo={{ url: MODEL_EXPORT_URL, baseName: '设备型号数据' }} />}
      />
      <ModelFormModal open={editor.open} record={editor.record} onClose={editor.close} onAdded={(id) => setViewing({ id, editPoints: true })} />
      <ModelDrawer id={viewing?.id} startEditing={viewing?.editPoints} onClose={() => setViewing(null)} />
    </CrudPage>
  );
}
