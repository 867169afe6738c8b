import { useEffect, useState } from 'react';
import { Col, Empty, Form, Input, Row, Space, Tag, Typography } from 'antd';
import { PERMS, type DictDetailRow, type DictTypeRow } from '@pdz/contracts';
import {
  AddButton,
  CrudPage,
  CrudTable,
  DeleteAction,
  EditAction,
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
import { DICT_CACHE_KEY, DICT_KEY, fetchDictData, fetchDictTypes, removeDictDetail, removeDictTypes } from '../api/dict';
import { DictDetailModal, DictTypeModal, listClassColor } from '../components/DictForms';
import { StatusTag } from '../components/common';

interface TypeQuery extends Record<string, unknown> {
  dictName?: string;
  dictType?: string;
}
interface DataQuery extends Record<string, unknown> {
  dictLabel?: string;
}

const P = PERMS.dict;
const TYPE_HIDDEN = ['remark', 'createdAt'];
const DATA_HIDDEN = ['remark'];

/** Items of one dictionary type (GET /api/system/dict/data/pageList?dictType=). */
function DictDataPanel({ type }: { type: DictTypeRow }) {
  const list = useCrudList<DictDetailRow, DataQuery>([...DICT_KEY, 'data', type.dictType], fetchDictData, { dictType: type.dictType });
  const editor = useEditor<DictDetailRow>();
  const remove = useCrudMutation((id: number) => removeDictDetail(id), {
    invalidate: [DICT_KEY, DICT_CACHE_KEY],
    success: '删除成功',
    onSuccess: () => list.afterRemove(1),
  });

  const columns: CrudColumn<DictDetailRow>[] = [
    {
      key: 'dictLabel',
      title: '字典标签',
      dataIndex: 'dictLabel',
      render: (v: string, d) => (
        <Space size={4}>
          {d.listClass && d.listClass !== 'default' ? <Tag color={listClassColor(d.listClass)}>{v}</Tag> : v}
          {d.isDefault && <Tag color="gold">默认</Tag>}
        </Space>
      ),
    },
    { key: 'dictValue', title: '字典键值', dataIndex: 'dictValue' },
    { key: 'dictSort', title: '显示顺序', dataIndex: 'dictSort', align: 'center' },
    { key: 'enabled', title: '状态', dataIndex: 'enabled', align: 'center', render: (v: boolean) => <StatusTag enabled={v} /> },
    { key: 'remark', title: '备注', dataIndex: 'remark', ellipsis: true, render: orDash },
    {
      key: 'actions',
      title: '操作',
      hideable: false,
      fixed: 'right',
      render: (_v, d) => (
        <Space size={0}>
          <EditAction perms={[P.edit]} onClick={() => editor.openEdit(d)} />
          <DeleteAction perms={[P.remove]} what={`字典数据${quoted(d.dictLabel)}`} onConfirm={() => remove.mutateAsync(d.id)} />
        </Space>
      ),
    },
  ];

  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 0, marginBottom: 12 }}>
        {type.dictName} <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 'normal' }}>{type.dictType}</Typography.Text>
      </Typography.Title>
      <QueryBar<DataQuery> onSearch={(v) => list.replaceFilters({ ...v, dictType: type.dictType })} onReset={list.reset}>
        <Form.Item name="dictLabel" label="字典标签">
          <Input placeholder="请输入字典标签" allowClear style={{ width: 180 }} />
        </Form.Item>
      </QueryBar>
      <CrudTable<DictDetailRow>
        pageKey="system/dicts/data"
        defaultHidden={DATA_HIDDEN}
        columns={columns}
        state={list}
        toolbar={<AddButton perms={[P.add]} onClick={() => editor.openAdd()} />}
      />
      <DictDetailModal open={editor.open} dictType={type.dictType} record={editor.record} onClose={editor.close} />
    </>
  );
}

/** 字典管理: dictionary types on the left, the chosen type's items on the right. */
export default function DictsPage() {
  const list = useCrudList<DictTypeRow, TypeQuery>(DICT_KEY, fetchDictTypes, {});
  const [showSearch, setShowSearch] = useState(true);
  const [chosenId, setChosenId] = useState<number | undefined>();
  const editor = useEditor<DictTypeRow>();
  const remove = useCrudMutation((ids: number[]) => removeDictTypes(ids), {
    invalidate: [DICT_KEY, DICT_CACHE_KEY],
    success: '删除成功',
    onSuccess: (_r, ids) => list.afterRemove(ids.length),
  });
  const chosen = list.list.find((t) => t.id === chosenId);
  const selected = list.list.filter((t) => list.selectedRowKeys.includes(t.id));

  // The first type is shown until the operator picks one (and again if the chosen one goes away).
  useEffect(() => {
    if (!chosen && list.list.length) setChosenId(list.list[0].id);
  }, [chosen, list.list]);

  const columns: CrudColumn<DictTypeRow>[] = [
    { key: 'dictName', title: '字典名称', dataIndex: 'dictName', render: (v: string, t) => (t.builtIn ? <Space size={4}>{v}<Tag color="gold">内置</Tag></Space> : v) },
    { key: 'dictType', title: '字典类型', dataIndex: 'dictType', render: (v: string) => <Typography.Link>{v}</Typography.Link> },
    { key: 'itemCount', title: '数据项', dataIndex: 'itemCount', align: 'center' },
    { key: 'enabled', title: '状态', dataIndex: 'enabled', align: 'center', render: (v: boolean) => <StatusTag enabled={v} /> },
    { key: 'remark', title: '备注', dataIndex: 'remark', ellipsis: true, render: orDash },
    { key: 'createdAt', title: '创建时间', dataIndex: 'createdAt', render: (v: number) => formatTime(v) },
    {
      key: 'actions',
      title: '操作',
      hideable: false,
      fixed: 'right',
      render: (_v, t) => (
        // Clicks here edit or delete; they must not also pick the row.
        <span onClick={(e) => e.stopPropagation()}>
          <EditAction perms={[P.edit]} onClick={() => editor.openEdit(t)} />
          <DeleteAction perms={[P.remove]} disabled={t.builtIn} what={`字典${quoted(t.dictName)}`} onConfirm={() => remove.mutateAsync([t.id])} />
        </span>
      ),
    },
  ];

  return (
    <Row gutter={[12, 12]}>
      {/* The chosen type's row, fixed cells included (they paint their own background). */}
      <style>{'.dict-type-chosen > td { background: var(--ant-color-primary-bg, #e6f4ff) !important; }'}</style>
      <Col xs={24} xl={12}>
        <CrudPage>
          <QueryBar<TypeQuery> hidden={!showSearch} onSearch={list.replaceFilters} onReset={list.reset}>
            <Form.Item name="dictName" label="字典名称">
              <Input placeholder="请输入字典名称" allowClear style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="dictType" label="字典类型">
              <Input placeholder="请输入字典类型" allowClear style={{ width: 160 }} />
            </Form.Item>
          </QueryBar>
          <CrudTable<DictTypeRow>
            pageKey="system/dicts"
            defaultHidden={TYPE_HIDDEN}
            columns={columns}
            state={list}
            selectable={(t) => !t.builtIn}
            onToggleSearch={() => setShowSearch((s) => !s)}
            onRow={(t) => ({ onClick: () => setChosenId(t.id), style: { cursor: 'pointer' } })}
            rowClassName={(t) => (t.id === chosenId ? 'dict-type-chosen' : '')}
            toolbar={
              <>
                <AddButton perms={[P.add]} onClick={() => editor.openAdd()} />
                <RemoveButton
                  perms={[P.remove]}
                  count={selected.length}
                  what={describeSelection('字典', selected.map((t) => t.dictName))}
                  onConfirm={() => remove.mutateAsync(selected.map((t) => t.id))}
                />
              </>
            }
          />
        </CrudPage>
      </Col>
      <Col xs={24} xl={12}>
        <CrudPage>{chosen ? <DictDataPanel key={chosen.dictType} type={chosen} /> : <Empty description="请在左侧选择一个字典" />}</CrudPage>
      </Col>
      <DictTypeModal open={editor.open} record={editor.record} onClose={editor.close} />
    </Row>
  );
}
