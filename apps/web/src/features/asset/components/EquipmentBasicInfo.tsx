import { Alert, Descriptions, Empty, Space, Spin, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { equipmentTypeLabel, type EquipmentRow } from '@pdz/contracts';
import { formatTime, orDash } from '@/components/crud';
import { fetchRealTimeTags, pointKeyOf } from '../api/point';
import { EquipmentOnlineTag, EquipmentStatusTag } from './EquipmentTags';
import { formatRatio, multiplier, primaryNote } from './equipmentRatio';
import { showsRatedCurrent, showsRatedKva, showsRatios } from './equipmentForm';

const withUnit = (v: number | null, unit: string) => (v === null ? '-' : `${v} ${unit}`);

/** 基本信息: what the equipment is, where it sits, how its values are scaled, and its live tags. */
export function EquipmentBasicInfo({ equipment: e }: { equipment: EquipmentRow }) {
  const tags = useQuery({ queryKey: [...pointKeyOf(e.id), 'tags'], queryFn: () => fetchRealTimeTags(e.id) });
  const ratios = showsRatios(e.equipmentType);
  const items = [
    { key: 'code', label: '设备编号', children: e.code },
    { key: 'name', label: '设备名称', children: e.name },
    { key: 'type', label: '设备类型', children: e.equipmentTypeName || equipmentTypeLabel(e.equipmentType) },
    { key: 'model', label: '设备型号', children: `${e.modelName}（${e.modelCode}）` },
    { key: 'customer', label: '所属客户', children: e.customerName },
    { key: 'station', label: '所属站点', children: e.stationName },
    { key: 'cabinet', label: '柜体', children: orDash(e.cabinetName) },
    { key: 'gateway', label: '采集网关', children: e.gatewayCode ? `${e.gatewayName}（${e.gatewayCode}）` : '未接网关' },
    { key: 'comm', label: '通讯地址', children: orDash(e.commAddress) },
    ...(ratios
      ? [
          { key: 'ct', label: 'CT变比', children: formatRatio(e.ctRatio) },
          { key: 'pt', label: 'PT变比', children: formatRatio(e.ptRatio) },
          { key: 'm', label: '倍率', children: multiplier(e.ctRatio, e.ptRatio) },
          { key: 'primary', label: '数值为一次值', span: 3, children: <Space>{e.valuesArePrimary ? <Tag color="processing">是</Tag> : <Tag>否</Tag>}<Typography.Text type="secondary">{primaryNote(e.valuesArePrimary, e.ctRatio, e.ptRatio)}</Typography.Text></Space> },
        ]
      : []),
    ...(showsRatedKva(e.equipmentType) ? [{ key: 'kva', label: '额定容量', children: withUnit(e.ratedKva, 'kVA') }] : []),
    ...(showsRatedCurrent(e.equipmentType) ? [{ key: 'current', label: '额定电流', children: withUnit(e.ratedCurrent, 'A') }] : []),
    { key: 'maker', label: '生产厂家', children: orDash(e.manufacturer) },
    { key: 'install', label: '安装日期', children: orDash(e.installDate) },
    { key: 'status', label: '运行状态', children: <EquipmentStatusTag status={e.status} /> },
    { key: 'online', label: '通讯状态', children: <EquipmentOnlineTag online={e.online} lastSeenAt={e.lastSeenAt} /> },
    { key: 'points', label: '测点数', children: e.pointCount },
    { key: 'order', label: '显示顺序', children: e.orderNum },
    { key: 'created', label: '创建时间', children: formatTime(e.createdAt) },
    { key: 'updated', label: '更新时间', children: formatTime(e.updatedAt) },
    { key: 'remark', label: '备注', span: 3, children: orDash(e.remark) },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Descriptions bordered size="small" column={{ xs: 1, sm: 2, lg: 3 }} items={items} styles={{ label: { width: 110 } }} />
      <div>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          实时标签
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          设备卡片和监控画面上显示的测点，可在“测点”页勾选。
        </Typography.Paragraph>
        {tags.isLoading ? (
          <Spin size="small" />
        ) : tags.data?.length ? (
          <Space size={[4, 8]} wrap>
            {tags.data.map((t) => (
              <Tag key={t.pointId}>
                {t.name}
                {t.unit ? `（${t.unit}）` : ''}
              </Tag>
            ))}
          </Space>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未设置实时标签" />
        )}
      </div>
      {!e.gatewayId && <Alert type="info" showIcon title="该设备未接入采集网关，测点暂时不会有数据。" />}
    </Space>
  );
}
