import { useState } from 'react';
import { Form, Input } from 'antd';
import { PERMS, type BayRow } from '@pdz/contracts';
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
  remarkColumn,
  useCrudList,
  useCrudRemove,
  useEditor,
  type CrudColumn,
} from '@/components/crud';
import { BAY_EXPORT_URL, BAY_KEY, fetchBays, removeBays } from '../api/bay';
import { STATION_KEY } from '../api/station';
import { TREE_KEY } from '../api/tree';
import { SiteBayFormModal } from '../components/SiteBayFormModal';
import { useSiteDicts } from '../components/SitePickers';
import { siteScopeFilters } from '../components/SiteScopeFilters';

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
  const editor = useEditor<BayRow>();
  const dicts = useSiteDicts();
  const remove = useCrudRemove(list, removeBays, [BAY_KEY, STATION_KEY, TREE_KEY]);

  const columns: CrudColumn<BayRow>[] = [
    idColumn(),
    { key: 'code', title: '间隔编号', dataIndex: 'code', sorter: true },
    { key: 'name', title: '间隔名称', dataIndex: 'name', sorter: true, ellipsis: true },
    { key: 'stationName', title: '所属站点', dataIndex: 'stationName', ellipsis: true },
    { key: 'customerName', title: '所属客户', dataIndex: 'customerName', ellipsis: true },
    { key: 'voltageLevel', title: '电压等级', dataIndex: 'voltageLevel', render: (v: string | null) => orDash(dicts.label('dict_dydj', v)) },
    { key: 'cabinetCount', title: '柜体数', dataIndex: 'cabinetCount', align: 'right' },
    orderNumColumn(),
    remarkColumn(),
    createdAtColumn(),
    actionsColumn((b) => (
      <>
        <EditAction perms={[P.edit]} onClick={() => editor.openEdit(b)} />
        <DeleteAction perms={[P.remove]} what={`间隔${quoted(b.name)}`} onConfirm={() => remove.mutateAsync([b.id])} />
      </>
    )),
  ];

  return (
    <CrudPage>
      <QueryBar<BayQuery> hidden={!showSearch} onSearch={(v) => list.replaceFilters(v)} onReset={list.reset}>
        <Form.Item name="keyword" label="关键字">
          <Input placeholder="间隔名称或编号" allowClear style={{ width: 180 }} />
        </Form.Item>
        {siteScopeFilters()}
      </QueryBar>
      <CrudTable<BayRow>
        pageKey="asset/bays"
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
            remove={{ noun: '间隔', name: (b) => b.name, onConfirm: (ids) => remove.mutateAsync(ids) }}
            exportTo={{ url: BAY_EXPORT_URL, baseName: '间隔数据' }}
          />
        }
      />
      <SiteBayFormModal open={editor.open} id={editor.record?.id} stationId={list.filters.stationId} onClose={editor.close} />
    </CrudPage>
  );
}
