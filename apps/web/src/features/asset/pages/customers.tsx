import { useState } from 'react';
import { Avatar, Form, Input, Select, Tag } from 'antd';
import { PERMS, type CustomerRow } from '@pdz/contracts';
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
  quoted,
  remarkColumn,
  useCrudList,
  useCrudRemove,
  useEditor,
  type CrudColumn,
} from '@/components/crud';
import { resourceUrl } from '@/layout/resource';
import { CUSTOMER_EXPORT_URL, CUSTOMER_KEY, fetchCustomers, removeCustomers } from '../api/customer';
import { CUSTOMER_TREE_KEY, TREE_KEY } from '../api/tree';
import { SiteCustomerFormModal } from '../components/SiteCustomerFormModal';

interface CustomerQuery extends Record<string, unknown> {
  keyword?: string;
  enabled?: string;
}

const P = PERMS.customer;
const DEFAULT_HIDDEN = ['id', 'address', 'remark'];
const STATUS_OPTIONS = [
  { label: '正常', value: 'true' },
  { label: '停用', value: 'false' },
];

/** 客户: the owners of sites, with their logos, department (who sees them) and station counts. */
export default function CustomersPage() {
  const list = useCrudList<CustomerRow, CustomerQuery>(CUSTOMER_KEY, fetchCustomers, {});
  const [showSearch, setShowSearch] = useState(true);
  const editor = useEditor<CustomerRow>();
  const remove = useCrudRemove(list, removeCustomers, [CUSTOMER_KEY, CUSTOMER_TREE_KEY, TREE_KEY]);

  const columns: CrudColumn<CustomerRow>[] = [
    idColumn('序号', 80),
    {
      key: 'logo',
      title: '标志',
      dataIndex: 'minLogo',
      width: 64,
      align: 'center',
      render: (_v, c) => (
        <Avatar shape="square" src={c.minLogo || c.logo ? resourceUrl((c.minLogo ?? c.logo)!) : undefined} alt={`${c.name}的标志`}>
          {c.name.slice(0, 1)}
        </Avatar>
      ),
    },
    { key: 'code', title: '客户编号', dataIndex: 'code', sorter: true },
    { key: 'name', title: '客户名称', dataIndex: 'name', sorter: true, ellipsis: true },
    { key: 'deptName', title: '所属部门', dataIndex: 'deptName', render: orDash },
    { key: 'contact', title: '联系人', dataIndex: 'contact', render: orDash },
    { key: 'phone', title: '联系电话', dataIndex: 'phone', render: orDash },
    { key: 'address', title: '地址', dataIndex: 'address', ellipsis: true, render: orDash },
    { key: 'stationCount', title: '站点数', dataIndex: 'stationCount', align: 'right' },
    { key: 'enabled', title: '状态', dataIndex: 'enabled', align: 'center', render: (v: boolean) => (v ? <Tag color="success">正常</Tag> : <Tag color="error">停用</Tag>) },
    remarkColumn(),
    createdAtColumn(),
    actionsColumn((c) => (
      <>
        <EditAction perms={[P.edit]} onClick={() => editor.openEdit(c)} />
        <DeleteAction perms={[P.remove]} what={`客户${quoted(c.name)}`} onConfirm={() => remove.mutateAsync([c.id])} />
      </>
    )),
  ];

  return (
    <CrudPage>
      <QueryBar<CustomerQuery> hidden={!showSearch} onSearch={(v) => list.replaceFilters(v)} onReset={list.reset}>
        <Form.Item name="keyword" label="关键字">
          <Input placeholder="客户名称或编号" allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="enabled" label="状态">
          <Select placeholder="全部" allowClear options={STATUS_OPTIONS} style={{ width: 120 }} />
        </Form.Item>
      </QueryBar>
      <CrudTable<CustomerRow>
        pageKey="asset/customers"
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
            remove={{ noun: '客户', name: (c) => c.name, onConfirm: (ids) => remove.mutateAsync(ids) }}
            exportTo={{ url: CUSTOMER_EXPORT_URL, baseName: '客户数据' }}
          />
        }
      />
      <SiteCustomerFormModal open={editor.open} id={editor.record?.id} onClose={editor.close} />
    </CrudPage>
  );
}
