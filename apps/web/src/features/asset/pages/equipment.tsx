import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Form, Input, Select, Tooltip, Typography } from 'antd';
import { EyeOutlined, UploadOutlined } from '@ant-design/icons';
import { EQUIPMENT_STATUSES, EQUIPMENT_TYPES, PERMS, type EquipmentRow } from '@pdz/contracts';
import { Auth } from '@/access/Auth';
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
import { EQUIPMENT_DEPENDENT_KEYS, EQUIPMENT_EXPORT_URL, EQUIPMENT_KEY, fetchEquipmentPage, removeEquipment } from '../api/equipment';
import { useModelOptions } from '../api/model';
import { POINT_KEY } from '../api/point';
import { EquipmentFormModal } from '../components/EquipmentFormModal';
import { EquipmentImportModal, downloadEquipmentTemplate } from '../components/EquipmentImportModal';
import { EquipmentDrawer, type EquipmentTab } from '../components/EquipmentDrawer';
import { CabinetSelect, GatewaySelect, StationSelect } from '../components/EquipmentSitePickers';
import { EquipmentStatusTag, EquipmentOnlineTag } from '../components/EquipmentTags';
import { multiplier } from '../components/equipmentRatio';
import { linkedEquipmentId } from '../components/siteTreeModel';

interface EquipmentQuery extends Record<string, unknown> {
  stationId?: number;
  cabinetId?: number;
  gatewayId?: number;
  modelId?: number;
  equipmentType?: string;
  status?: string;
  keyword?: string;
}

const P = PERMS.equipment;
const DEFAULT_HIDDEN = ['commAddress', 'manufacturer', 'createdAt', 'gateway'];
const TYPE_OPTIONS = EQUIPMENT_TYPES.map((t) => ({ value: t.value, label: t.label }));
const STATUS_OPTIONS = EQUIPMENT_STATUSES.map((s) => ({ value: s.value, label: s.label }));

type Viewing = { id: number; tab: EquipmentTab } | null;

/** 设备: monitored equipment with filters, Excel template/import/export, detail drawer (points, alarm config). */
export default function EquipmentPage() {
  const list = useCrudList<EquipmentRow, EquipmentQuery>(EQUIPMENT_KEY, fetchEquipmentPage, {});
  const [query] = Form.useForm<EquipmentQuery>();
  const stationFilter = Form.useWatch('stationId', query);
  const [showSearch, setShowSearch] = useState(true);
  const [importing, setImporting] = useState(false);
  const [params, setParams] = useSearchParams();
  const linkedId = linkedEquipmentId(params);
  const [viewing, setViewing] = useState<Viewing>(linkedId ? { id: linkedId, tab: 'basic' } : null);
  // A new ?id= while the page stays open (the tree's link again) opens that equipment instead.
  const [seenLink, setSeenLink] = useState(linkedId);
  if (seenLink !== linkedId) {
    setSeenLink(linkedId);
    if (linkedId) setViewing({ id: linkedId, tab: 'basic' });
  }
  const closeDrawer = () => {
    setViewing(null);
    // Forget the link, so a reload or going back here does not open the drawer again.
    if (linkedId)
      setParams(
        (p) => {
          p.delete('id');
          return p;
        },
        { replace: true },
      );
  };
  const editor = useEditor<EquipmentRow>();
  const models = useModelOptions();
  const modelOptions = useMemo(() => (models.data ?? []).map((m) => ({ value: m.id, label: `${m.name}（${m.code}）` })), [models.data]);

  const remove = useCrudRemove(list, ([id]) => removeEquipment(id), [EQUIPMENT_KEY, POINT_KEY, ...EQUIPMENT_DEPENDENT_KEYS]);

  const columns: CrudColumn<EquipmentRow>[] = [
    {
      key: 'code',
      title: '设备编号',
      dataIndex: 'code',
      sorter: true,
      fixed: 'left',
      render: (v: string, e) => (
        <Typography.Link onClick={() => setViewing({ id: e.id, tab: 'basic' })}>{v}</Typography.Link>
      ),
    },
    { key: 'name', title: '设备名称', dataIndex: 'name', sorter: true, ellipsis: true, width: 200 },
    { key: 'equipmentType', title: '设备类型', dataIndex: 'equipmentTypeName', sorter: true },
    { key: 'model', title: '型号', dataIndex: 'modelName', render: (v: string, e) => <Tooltip title={e.modelCode}>{v}</Tooltip> },
    { key: 'stationName', title: '所属站点', dataIndex: 'stationName', sorter: true, ellipsis: true, width: 180 },
    { key: 'cabinet', title: '柜体', dataIndex: 'cabinetName', render: orDash, ellipsis: true, width: 150 },
    { key: 'gateway', title: '采集网关', dataIndex: 'gatewayCode', render: (v: string | null, e) => (v ? <Tooltip title={e.gatewayName}>{v}</Tooltip> : '-') },
    { key: 'commAddress', title: '通讯地址', dataIndex: 'commAddress', render: orDash },
    {
      key: 'ratio',
      title: '变比 CT/PT',
      render: (_v, e) =>
        e.ctRatio === 1 && e.ptRatio === 1 ? (
          '-'
        ) : (
          <Tooltip title={`倍率 ${multiplier(e.ctRatio, e.ptRatio)}${e.valuesArePrimary ? '，表计上送一次值' : '，平台按变比换算'}`}>
            {e.ctRatio} / {e.ptRatio}
          </Tooltip>
        ),
    },
    {
      key: 'points',
      title: '测点',
      dataIndex: 'pointCount',
      align: 'right',
      render: (n: number, e) => <Typography.Link onClick={() => setViewing({ id: e.id, tab: 'points' })}>{n}</Typography.Link>,
    },
    { key: 'status', title: '运行状态', dataIndex: 'status', render: (v: EquipmentRow['status']) => <EquipmentStatusTag status={v} /> },
    { key: 'online', title: '通讯', dataIndex: 'online', render: (_v, e) => <EquipmentOnlineTag online={e.online} lastSeenAt={e.lastSeenAt} /> },
    { key: 'manufacturer', title: '生产厂家', dataIndex: 'manufacturer', render: orDash, ellipsis: true },
    createdAtColumn(),
    actionsColumn((e) => (
      <>
        <RowAction perms={[P.list, P.query]} icon={<EyeOutlined />} onClick={() => setViewing({ id: e.id, tab: 'basic' })}>
          详情
        </RowAction>
        <EditAction perms={[P.edit]} onClick={() => editor.openEdit(e)} />
        <DeleteAction
          perms={[P.remove]}
          what={`设备${quoted(e.name)}（${e.code}）及其 ${e.pointCount} 个测点、原始标签绑定和告警配置`}
          onConfirm={() => remove.mutateAsync([e.id])}
        />
      </>
    )),
  ];

  return (
    <CrudPage>
      <QueryBar<EquipmentQuery>
        form={query}
        hidden={!showSearch}
        collapsedCount={2}
        onSearch={(v) => list.replaceFilters(v)}
        onReset={list.reset}
      >
        <Form.Item name="keyword" label="关键字">
          <Input placeholder="设备编号或名称" allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="stationId" label="站点">
          <StationSelect
            allowClear
            style={{ width: 220 }}
            onChange={() => query.setFieldsValue({ cabinetId: undefined, gatewayId: undefined })}
          />
        </Form.Item>
        <Form.Item name="cabinetId" label="柜体">
          <CabinetSelect stationId={stationFilter} allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="gatewayId" label="网关">
          <GatewaySelect stationId={stationFilter} allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="equipmentType" label="设备类型">
          <Select placeholder="全部类型" allowClear options={TYPE_OPTIONS} style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="modelId" label="型号">
          <Select placeholder="全部型号" allowClear options={modelOptions} loading={models.isLoading} showSearch={{ optionFilterProp: 'label' }} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="status" label="运行状态">
          <Select placeholder="全部" allowClear options={STATUS_OPTIONS} style={{ width: 110 }} />
        </Form.Item>
      </QueryBar>
      <CrudTable<EquipmentRow>
        pageKey="asset/equipment"
        defaultHidden={DEFAULT_HIDDEN}
        columns={columns}
        state={list}
        onToggleSearch={() => setShowSearch((s) => !s)}
        toolbar={
          <CrudToolbar
            list={list}
            perms={P}
            onAdd={() => editor.openAdd(stationFilter ? { stationId: stationFilter } : undefined)}
            exportTo={{ url: EQUIPMENT_EXPORT_URL, baseName: '设备数据' }}
          >
            <Auth perms={[P.import]}>
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                导入
              </Button>
            </Auth>
            <Auth perms={[P.import, P.add]}>
              <Button type="link" onClick={() => void downloadEquipmentTemplate()} style={{ paddingInline: 4 }}>
                下载模板
              </Button>
            </Auth>
          </CrudToolbar>
        }
      />
      <EquipmentFormModal
        open={editor.open}
        record={editor.record}
        preset={editor.preset?.stationId ? { stationId: editor.preset.stationId } : undefined}
        onClose={editor.close}
        onAdded={(id) => setViewing({ id, tab: 'points' })}
      />
      <EquipmentImportModal open={importing} onClose={() => setImporting(false)} />
      <EquipmentDrawer
        id={viewing?.id}
        tab={viewing?.tab ?? 'basic'}
        onTabChange={(tab) => setViewing((v) => (v ? { ...v, tab } : v))}
        onClose={closeDrawer}
        onEdit={(e) => editor.openEdit(e)}
      />
    </CrudPage>
  );
}

