import { useState } from 'react';
import { Form, Input, Select, Tag, Tooltip, Typography } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { GATEWAY_PROTOCOLS, PERMS, type GatewayRow, type GatewaySecretResult } from '@pdz/contracts';
import {
  CrudPage,
  CrudTable,
  CrudToolbar,
  DeleteAction,
  EditAction,
  QueryBar,
  RowAction,
  actionsColumn,
  confirmAction,
  createdAtColumn,
  formatTime,
  idColumn,
  orDash,
  quoted,
  remarkColumn,
  useCrudList,
  useCrudMutation,
  useCrudRemove,
  useEditor,
  type CrudColumn,
} from '@/components/crud';
import { GATEWAY_EXPORT_URL, GATEWAY_KEY, fetchGateways, removeGateways, rotateGatewaySecret } from '../api/gateway';
import { STATION_KEY } from '../api/station';
import { SiteGatewayFormModal } from '../components/SiteGatewayFormModal';
import { SiteGatewaySecretDialog } from '../components/SiteGatewaySecretDialog';
import { siteScopeFilters } from '../components/SiteScopeFilters';
import { gatewayState } from '../components/siteGateway';
import { useNow } from '@/hooks/useNow';

interface GatewayQuery extends Record<string, unknown> {
  keyword?: string;
  customerId?: number;
  stationId?: number;
  online?: string;
  protocol?: string;
}

const P = PERMS.gateway;
const DEFAULT_HIDDEN = ['id', 'customerName', 'model', 'manufacturer', 'secretRotatedAt', 'remark', 'createdAt'];
const ONLINE_OPTIONS = [
  { label: '在线', value: 'true' },
  { label: '离线', value: 'false' },
];
const PROTOCOL_LABEL: Record<string, string> = Object.fromEntries(GATEWAY_PROTOCOLS.map((p) => [p.value, p.label]));

/** 网关: acquisition gateways with their online state; the secret is shown once on create and on 重置密钥. */
export default function GatewaysPage() {
  const list = useCrudList<GatewayRow, GatewayQuery>(GATEWAY_KEY, fetchGateways, {});
  const [showSearch, setShowSearch] = useState(true);
  const editor = useEditor<GatewayRow>();
  const [secret, setSecret] = useState<{ value: GatewaySecretResult; reason: 'created' | 'rotated' } | undefined>();
  const now = useNow();
  const remove = useCrudRemove(list, removeGateways, [GATEWAY_KEY, STATION_KEY]);
  const rotate = useCrudMutation((id: number) => rotateGatewaySecret(id), {
    invalidate: [GATEWAY_KEY],
    onSuccess: (r) => setSecret({ value: r, reason: 'rotated' }),
  });

  const columns: CrudColumn<GatewayRow>[] = [
    idColumn(),
    { key: 'code', title: '网关编号', dataIndex: 'code', sorter: true },
    {
      key: 'online',
      title: '在线状态',
      dataIndex: 'online',
      render: (_v, g) => {
        const s = gatewayState(g, now);
        return (
          <span style={{ whiteSpace: 'nowrap' }}>
            <Tag color={s.color}>{s.label}</Tag>
            {/* 未接入 says it all; the other states say since when. */}
            {s.label !== '未接入' && s.detail && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {s.detail}
              </Typography.Text>
            )}
          </span>
        );
      },
    },
    { key: 'name', title: '网关名称', dataIndex: 'name', sorter: true, ellipsis: true, width: 240 },
    { key: 'stationName', title: '所属站点', dataIndex: 'stationName', sorter: true, ellipsis: true },
    { key: 'customerName', title: '所属客户', dataIndex: 'customerName', ellipsis: true },
    {
      key: 'lastSeenAt',
      title: '最后上报',
      dataIndex: 'lastSeenAt',
      sorter: true,
      render: (v: number | null) => (v ? formatTime(v) : <Typography.Text type="secondary">从未上报</Typography.Text>),
    },
    {
      key: 'offlineSince',
      title: '离线开始',
      dataIndex: 'offlineSince',
      render: (v: number | null, g) => (g.online || !v ? '-' : formatTime(v)),
    },
    { key: 'protocol', title: '接入协议', dataIndex: 'protocol', render: (v: string) => PROTOCOL_LABEL[v] ?? v },
    { key: 'reportIntervalS', title: '上报周期', dataIndex: 'reportIntervalS', align: 'right', render: (v: number) => `${v} 秒` },
    { key: 'ip', title: 'IP地址', dataIndex: 'ip', render: orDash },
    { key: 'equipmentCount', title: '设备数', dataIndex: 'equipmentCount', align: 'right' },
    { key: 'model', title: '网关型号', dataIndex: 'model', render: orDash },
    { key: 'manufacturer', title: '生产厂家', dataIndex: 'manufacturer', ellipsis: true, render: orDash },
    { key: 'secretRotatedAt', title: '密钥生成时间', dataIndex: 'secretRotatedAt', render: (v: number) => formatTime(v) },
    remarkColumn(),
    createdAtColumn(),
    actionsColumn((g) => (
      <>
        <EditAction perms={[P.edit]} onClick={() => editor.openEdit(g)} />
        <Tooltip title="生成新密钥，旧密钥立即失效">
          <span>
            <RowAction
              perms={[P.secret]}
              icon={<KeyOutlined />}
              onClick={() =>
                confirmAction({
                  content: `确认要重置网关${quoted(g.name)}的接入密钥吗？旧密钥将立即失效，网关改用新密钥之前无法上报数据。`,
                  okText: '重置',
                  danger: true,
                  onOk: () => rotate.mutateAsync(g.id),
                })
              }
            >
              重置密钥
            </RowAction>
          </span>
        </Tooltip>
        <DeleteAction perms={[P.remove]} what={`网关${quoted(g.name)}`} onConfirm={() => remove.mutateAsync([g.id])} />
      </>
    )),
  ];

  return (
    <CrudPage>
      <QueryBar<GatewayQuery> hidden={!showSearch} onSearch={(v) => list.replaceFilters(v)} onReset={list.reset}>
        <Form.Item name="keyword" label="关键字">
          <Input placeholder="网关名称或编号" allowClear style={{ width: 180 }} />
        </Form.Item>
        {siteScopeFilters()}
        <Form.Item name="online" label="在线状态">
          <Select placeholder="全部" allowClear options={ONLINE_OPTIONS} style={{ width: 110 }} />
        </Form.Item>
        <Form.Item name="protocol" label="接入协议">
          <Select placeholder="全部" allowClear options={GATEWAY_PROTOCOLS.map((p) => ({ label: p.label, value: p.value }))} style={{ width: 110 }} />
        </Form.Item>
      </QueryBar>
      <CrudTable<GatewayRow>
        pageKey="asset/gateways"
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
            remove={{ noun: '网关', name: (g) => g.name, onConfirm: (ids) => remove.mutateAsync(ids) }}
            exportTo={{ url: GATEWAY_EXPORT_URL, baseName: '网关数据' }}
          />
        }
      />
      <SiteGatewayFormModal
        open={editor.open}
        id={editor.record?.id}
        stationId={list.filters.stationId}
        onClose={editor.close}
        onCreated={(value) => setSecret({ value, reason: 'created' })}
      />
      <SiteGatewaySecretDialog secret={secret?.value} reason={secret?.reason ?? 'created'} onClose={() => setSecret(undefined)} />
    </CrudPage>
  );
}
