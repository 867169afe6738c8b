import { useState } from 'react';
import { Form, Input } from 'antd';
import { DICT_CABINET_TYPE, PERMS, type CabinetRow } from '@pdz/contracts';
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
import { CABINET_EXPORT_URL, CABINET_KEY, fetchCabinets, removeCabinets } from '../api/cabinet';
import { BAY_KEY } from '../api/bay';
import { STATION_KEY } from '../api/station';
import { TREE_KEY } from '../api/tree';
import { SiteCabinetFormModal } from '../components/SiteCabinetFormModal';
import { DictSelect, useSiteDicts } from '../components/SitePickers';
import { siteScopeFilters } from '../components/SiteScopeFilters';

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
  const editor = useEditor<CabinetRow>();
  const dicts = useSiteDicts();
  const remove = useCrudRemove(list, removeCabinets, [CABINET_KEY, BAY_KEY, STATION_KEY, TREE_KEY]);

  const columns: CrudColumn<CabinetRow>[] = [
    idColumn(),
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
    orderNumColumn(),
    remarkColumn(),
    createdAtColumn(),
    actionsColumn((c) => (
      <>
        <EditAction perms={[P.edit]} onClick={() => editor.openEdit(c)} />
        <DeleteAction perms={[P.remove]} what={`柜体${quoted(c.name)}`} onConfirm={() => remove.mutateAsync([c.id])} />
      </>
    )),
  ];

  return (
    <CrudPage>
      <QueryBar<CabinetQuery> hidden={!showSearch} onSearch={(v) => list.replaceFilters(v)} onReset={list.reset}>
        <Form.Item name="keyword" label="关键字">
          <Input placeholder="柜体名称或编号" allowClear style={{ width: 170 }} />
        </Form.Item>
        {siteScopeFilters({ bay: true })}
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
          <CrudToolbar
            list={list}
            perms={P}
            onAdd={() => editor.openAdd()}
            remove={{ noun: '柜体', name: (c) => c.name, unit: '台', onConfirm: (ids) => remove.mutateAsync(ids) }}
            exportTo={{ url: CABINET_EXPORT_URL, baseName: '柜体数据' }}
          />
        }
      />
      <SiteCabinetFormModal open={editor.open} id={editor.record?.id} stationId={list.filters.stationId} bayId={list.filters.bayId} onClose={editor.close} />
    </CrudPage>
  );
}
