import { Avatar, Badge, Descriptions, Skeleton, Space, Statistic, Tag, Typography, type DescriptionsProps } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { PERMS, type AssetTreeNode } from '@pdz/contracts';
import { usePerm } from '@/access/Auth';
import { formatTime, orDash } from '@/components/crud';
import { resourceUrl } from '@/layout/resource';
import { useCustomerDetail } from '../api/customer';
import { useStationDetail } from '../api/station';
import { useBayDetail } from '../api/bay';
import { useCabinetDetail } from '../api/cabinet';
import { useEquipmentBrief } from '../api/tree';
import { useSiteDicts } from './SitePickers';
import { SiteStatusTag } from './SiteStatusTag';

type Items = NonNullable<DescriptionsProps['items']>;

const facts = (items: Items) => (
  <Descriptions bordered size="small" column={{ xs: 1, sm: 1, md: 2, xl: 2 }} styles={{ label: { width: 110, whiteSpace: 'nowrap' } }} items={items} />
);

function Counts({ items }: { items: [string, number | undefined][] }) {
  return (
    <Space size={32} wrap style={{ marginBottom: 16 }}>
      {items.map(([label, n]) => (
        <Statistic key={label} title={label} value={n ?? '-'} />
      ))}
    </Space>
  );
}

/**
 * What the tree node alone tells (name, code, type), for operators who may open the tree but not
 * that kind's own screen: asking the server for the record would answer 403 and leave the page.
 */
function NodeOnly({ node }: { node: AssetTreeNode }) {
  return facts([
    { key: 'code', label: '编号', children: orDash(node.code) },
    { key: 'name', label: '名称', children: node.name },
    { key: 'type', label: '类型', children: orDash(node.typeName) },
  ]);
}

function CustomerFacts({ node }: { node: AssetTreeNode }) {
  const q = useCustomerDetail(node.entityId);
  const c = q.data;
  if (!c) return <Skeleton active />;
  return (
    <>
      <Counts items={[['站点', c.stationCount], ['设备', node.equipmentCount]]} />
      {facts([
        { key: 'code', label: '客户编号', children: c.code },
        { key: 'name', label: '客户名称', children: c.name },
        { key: 'dept', label: '所属部门', children: orDash(c.deptName) },
        { key: 'enabled', label: '状态', children: c.enabled ? <Tag color="success">正常</Tag> : <Tag color="error">停用</Tag> },
        { key: 'contact', label: '联系人', children: orDash(c.contact) },
        { key: 'phone', label: '联系电话', children: orDash(c.phone) },
        { key: 'address', label: '地址', span: 2, children: orDash(c.address) },
        {
          key: 'logo',
          label: '标志',
          span: 2,
          children:
            c.logo || c.minLogo ? (
              <Space>
                {c.logo && <img src={resourceUrl(c.logo)} alt="客户标志" style={{ maxHeight: 40, maxWidth: 160, objectFit: 'contain' }} />}
                {c.minLogo && <Avatar shape="square" src={resourceUrl(c.minLogo)} alt="客户小标志" />}
              </Space>
            ) : (
              '未上传'
            ),
        },
        { key: 'remark', label: '备注', span: 2, children: orDash(c.remark) },
        { key: 'createdAt', label: '创建时间', span: 2, children: formatTime(c.createdAt) },
      ])}
    </>
  );
}

function StationFacts({ node }: { node: AssetTreeNode }) {
  const q = useStationDetail(node.entityId);
  const dicts = useSiteDicts();
  const s = q.data;
  if (!s) return <Skeleton active />;
  return (
    <>
      <Counts
        items={[
          ['间隔', s.bayCount],
          ['柜体', s.cabinetCount],
          ['设备', s.equipmentCount],
          ['网关', s.gatewayCount],
          ['摄像头', s.cameraCount],
        ]}
      />
      {facts([
        { key: 'code', label: '站点编号', children: s.code },
        { key: 'name', label: '站点名称', children: s.name },
        { key: 'customer', label: '所属客户', children: s.customerName },
        { key: 'type', label: '站点类型', children: s.stationTypeName },
        { key: 'voltage', label: '电压等级', children: orDash(dicts.label('dict_dydj', s.voltageLevel)) },
        { key: 'capacity', label: '装机容量', children: s.capacityKva !== null ? `${s.capacityKva} kVA` : '-' },
        { key: 'status', label: '运行状态', children: <SiteStatusTag value={s.status} label={s.statusName} /> },
        { key: 'commission', label: '投运日期', children: orDash(s.commissionDate) },
        { key: 'city', label: '城市', children: orDash(s.city) },
        {
          key: 'coords',
          label: '经纬度',
          children:
            s.longitude !== null && s.latitude !== null ? (
              <span>
                <EnvironmentOutlined style={{ color: '#1677ff', marginRight: 4 }} />
                {s.longitude}, {s.latitude}
              </span>
            ) : (
              '未定位'
            ),
        },
        { key: 'address', label: '地址', span: 2, children: orDash(s.address) },
        { key: 'contact', label: '联系人', children: orDash(s.contact) },
        { key: 'phone', label: '联系电话', children: orDash(s.phone) },
        { key: 'remark', label: '备注', span: 2, children: orDash(s.remark) },
      ])}
    </>
  );
}

function BayFacts({ node }: { node: AssetTreeNode }) {
  const q = useBayDetail(node.entityId);
  const dicts = useSiteDicts();
  const b = q.data;
  if (!b) return <Skeleton active />;
  return (
    <>
      <Counts items={[['柜体', b.cabinetCount], ['设备', node.equipmentCount]]} />
      {facts([
        { key: 'code', label: '间隔编号', children: b.code },
        { key: 'name', label: '间隔名称', children: b.name },
        { key: 'station', label: '所属站点', children: b.stationName },
        { key: 'customer', label: '所属客户', children: b.customerName },
        { key: 'voltage', label: '电压等级', children: orDash(dicts.label('dict_dydj', b.voltageLevel)) },
        { key: 'order', label: '显示顺序', children: b.orderNum },
        { key: 'remark', label: '备注', span: 2, children: orDash(b.remark) },
      ])}
    </>
  );
}

function CabinetFacts({ node }: { node: AssetTreeNode }) {
  const q = useCabinetDetail(node.entityId);
  const dicts = useSiteDicts();
  const c = q.data;
  if (!c) return <Skeleton active />;
  return (
    <>
      <Counts items={[['设备', c.equipmentCount]]} />
      {facts([
        { key: 'code', label: '柜体编号', children: c.code },
        { key: 'name', label: '柜体名称', children: c.name },
        { key: 'type', label: '柜体类型', children: c.cabinetTypeName },
        { key: 'voltage', label: '电压等级', children: orDash(dicts.label('dict_dydj', c.voltageLevel)) },
        { key: 'station', label: '所属站点', children: c.stationName },
        { key: 'bay', label: '所属间隔', children: c.bayName ?? '直属站点' },
        { key: 'model', label: '柜体型号', children: orDash(c.model) },
        { key: 'maker', label: '生产厂家', children: orDash(c.manufacturer) },
        { key: 'commission', label: '投运日期', children: orDash(c.commissionDate) },
        { key: 'order', label: '显示顺序', children: c.orderNum },
        { key: 'remark', label: '备注', span: 2, children: orDash(c.remark) },
      ])}
    </>
  );
}

function EquipmentFacts({ node }: { node: AssetTreeNode }) {
  const q = useEquipmentBrief(node.entityId);
  const e = q.data;
  if (!e) return <Skeleton active />;
  return facts([
    { key: 'code', label: '设备编号', children: e.code },
    { key: 'name', label: '设备名称', children: e.name },
    { key: 'type', label: '设备类型', children: e.equipmentTypeName },
    { key: 'model', label: '设备型号', children: e.modelName },
    { key: 'station', label: '所属站点', children: e.stationName },
    { key: 'cabinet', label: '所属柜体', children: orDash(e.cabinetName) },
    { key: 'gateway', label: '采集网关', children: orDash(e.gatewayName) },
    { key: 'points', label: '测点数', children: e.pointCount },
    {
      key: 'online',
      label: '通讯状态',
      children: <Badge status={e.online ? 'success' : 'default'} text={e.online ? '在线' : e.lastSeenAt ? `离线（最后上报 ${formatTime(e.lastSeenAt)}）` : '未接入'} />,
    },
    { key: 'install', label: '安装日期', children: orDash(e.installDate) },
  ]);
}

const READ = {
  customer: [PERMS.customer.list, PERMS.customer.query],
  station: [PERMS.station.list, PERMS.station.query],
  bay: [PERMS.bay.list, PERMS.bay.query],
  cabinet: [PERMS.cabinet.list, PERMS.cabinet.query],
  equipment: [PERMS.equipment.list, PERMS.equipment.query],
} as const;

/** The facts of one tree node, from its own record where the operator may read it. */
export function SiteNodeFacts({ node }: { node: AssetTreeNode }) {
  const canRead = usePerm([...READ[node.levelType]]);
  if (!canRead)
    return (
      <>
        <NodeOnly node={node} />
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          您没有查看该节点详细资料的权限。
        </Typography.Paragraph>
      </>
    );
  switch (node.levelType) {
    case 'customer':
      return <CustomerFacts node={node} />;
    case 'station':
      return <StationFacts node={node} />;
    case 'bay':
      return <BayFacts node={node} />;
    case 'cabinet':
      return <CabinetFacts node={node} />;
    case 'equipment':
      return <EquipmentFacts node={node} />;
  }
}
