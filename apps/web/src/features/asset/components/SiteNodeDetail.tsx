import { useState, type ReactNode } from 'react';
import { Button, Card, Empty, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, ExportOutlined, NodeIndexOutlined, PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { ASSET_LEVEL_LABELS, PERMS, type AssetTreeNode } from '@pdz/contracts';
import { Auth } from '@/access/Auth';
import { confirmDelete, quoted, useCrudMutation } from '@/components/crud';
import { CUSTOMER_KEY, removeCustomers } from '../api/customer';
import { STATION_KEY, removeStations } from '../api/station';
import { BAY_KEY, removeBays } from '../api/bay';
import { CABINET_KEY, removeCabinets } from '../api/cabinet';
import { CUSTOMER_TREE_KEY } from '../api/tree';
import { LEVEL_COLORS, LevelIcon } from './SiteIcons';
import { SiteNodeFacts } from './SiteNodeFacts';
import { SitePdfButton } from './SitePdfButton';
import { SiteCustomerFormModal } from './SiteCustomerFormModal';
import { SiteStationFormModal } from './SiteStationFormModal';
import { SiteBayFormModal } from './SiteBayFormModal';
import { SiteCabinetFormModal } from './SiteCabinetFormModal';
import { MOVE_TARGETS, nodeScreen } from './siteTreeModel';

type Dialog =
  | { kind: 'edit' }
  | { kind: 'addStation' }
  | { kind: 'addBay' }
  | { kind: 'addCabinet' }
  | null;

export interface SiteNodeDetailProps {
  node: AssetTreeNode | undefined;
  /** The node was edited: its parent's children (names, order) need reloading. */
  onEdited: (node: AssetTreeNode) => void;
  /** A child was added under the node. */
  onAdded: (node: AssetTreeNode) => void;
  /** The node was removed. */
  onRemoved: (node: AssetTreeNode) => void;
  /** 移动到… */
  onMove: (node: AssetTreeNode) => void;
  /** In search results: show the node in the full tree. */
  onLocate?: (node: AssetTreeNode) => void;
}

const REMOVE = {
  customer: { perm: PERMS.customer.remove, run: removeCustomers, keys: [CUSTOMER_KEY, CUSTOMER_TREE_KEY] },
  station: { perm: PERMS.station.remove, run: removeStations, keys: [STATION_KEY, CUSTOMER_TREE_KEY] },
  bay: { perm: PERMS.bay.remove, run: removeBays, keys: [BAY_KEY, STATION_KEY] },
  cabinet: { perm: PERMS.cabinet.remove, run: removeCabinets, keys: [CABINET_KEY, BAY_KEY, STATION_KEY] },
} as const;
const EDIT = { customer: PERMS.customer.edit, station: PERMS.station.edit, bay: PERMS.bay.edit, cabinet: PERMS.cabinet.edit } as const;

function Act({ perms, icon, children, onClick, danger }: { perms: string[]; icon: ReactNode; children: ReactNode; onClick: () => void; danger?: boolean }) {
  return (
    <Auth perms={perms}>
      <Button size="small" icon={icon} onClick={onClick} danger={danger}>
        {children}
      </Button>
    </Auth>
  );
}

/** The right-hand panel of the asset tree: the node's facts and what can be done with it. */
export function SiteNodeDetail({ node, onEdited, onAdded, onRemoved, onMove, onLocate }: SiteNodeDetailProps) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const remove = useCrudMutation((n: AssetTreeNode) => REMOVE[n.levelType as keyof typeof REMOVE].run([n.entityId]), {
    invalidate: [...REMOVE.customer.keys, ...REMOVE.cabinet.keys],
    success: '删除成功',
    onSuccess: (_r, n) => onRemoved(n),
  });

  if (!node) {
    return (
      <Card variant="borderless" style={{ height: '100%' }}>
        <Empty description="在左侧选择客户、站点、间隔、柜体或设备，查看并维护其资料" style={{ marginTop: 80 }} />
      </Card>
    );
  }

  const t = node.levelType;
  const label = ASSET_LEVEL_LABELS[t];
  const close = () => setDialog(null);
  const id = node.entityId;
  const stationId = t === 'station' ? id : (node.stationId ?? undefined);

  const actions = (
    <Space wrap size={[8, 8]}>
      {t !== 'equipment' && (
        <Act perms={[EDIT[t]]} icon={<EditOutlined />} onClick={() => setDialog({ kind: 'edit' })}>
          修改
        </Act>
      )}
      {t === 'customer' && (
        <Act perms={[PERMS.station.add]} icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'addStation' })}>
          新增站点
        </Act>
      )}
      {t === 'station' && (
        <Act perms={[PERMS.bay.add]} icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'addBay' })}>
          新增间隔
        </Act>
      )}
      {(t === 'station' || t === 'bay') && (
        <Act perms={[PERMS.cabinet.add]} icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'addCabinet' })}>
          新增柜体
        </Act>
      )}
      {t === 'station' && <SitePdfButton station={{ id, name: node.name }} asLink={false} />}
      {t === 'equipment' && (
        <Link to={nodeScreen(node)}>
          <Button size="small" type="primary" icon={<ExportOutlined />}>
            在设备页打开
          </Button>
        </Link>
      )}
      {MOVE_TARGETS[t].length > 0 && (
        <Act perms={[PERMS.assetTree.move]} icon={<NodeIndexOutlined />} onClick={() => onMove(node)}>
          移动到…
        </Act>
      )}
      {t !== 'equipment' && (
        <Act perms={[REMOVE[t].perm]} icon={<DeleteOutlined />} danger onClick={() => confirmDelete(`${label}${quoted(node.name)}`, () => remove.mutateAsync(node))}>
          删除
        </Act>
      )}
    </Space>
  );

  return (
    <Card
      variant="borderless"
      style={{ height: '100%' }}
      title={
        <Space size={8} style={{ minWidth: 0 }}>
          <LevelIcon levelType={t} style={{ fontSize: 18 }} />
          <Typography.Text strong ellipsis style={{ maxWidth: 360, fontSize: 16 }}>
            {node.name}
          </Typography.Text>
          <Tag color={LEVEL_COLORS[t]} style={{ marginInlineEnd: 0 }}>
            {label}
          </Tag>
          {node.typeName && <Tag>{node.typeName}</Tag>}
        </Space>
      }
      extra={
        onLocate && (
          <Button type="link" size="small" onClick={() => onLocate(node)}>
            在完整树中查看
          </Button>
        )
      }
    >
      <div style={{ marginBottom: 16 }}>{actions}</div>
      <SiteNodeFacts key={node.dwid} node={node} />

      <SiteCustomerFormModal open={t === 'customer' && dialog?.kind === 'edit'} id={id} onClose={close} onSaved={() => onEdited(node)} />
      <SiteStationFormModal open={t === 'station' && dialog?.kind === 'edit'} id={id} onClose={close} onSaved={() => onEdited(node)} />
      <SiteStationFormModal open={dialog?.kind === 'addStation'} customerId={node.customerId} onClose={close} onSaved={() => onAdded(node)} />
      <SiteBayFormModal open={t === 'bay' && dialog?.kind === 'edit'} id={id} onClose={close} onSaved={() => onEdited(node)} />
      <SiteBayFormModal open={dialog?.kind === 'addBay'} stationId={stationId} onClose={close} onSaved={() => onAdded(node)} />
      <SiteCabinetFormModal open={t === 'cabinet' && dialog?.kind === 'edit'} id={id} onClose={close} onSaved={() => onEdited(node)} />
      <SiteCabinetFormModal
        open={dialog?.kind === 'addCabinet'}
        stationId={stationId}
        bayId={t === 'bay' ? id : undefined}
        onClose={close}
        onSaved={() => onAdded(node)}
      />
    </Card>
  );
}
