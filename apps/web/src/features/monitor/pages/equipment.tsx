import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Card, Descriptions, Result, Skeleton, Space, Tag, Typography, message } from 'antd';
import type { MonitorEquipmentDetail } from '@pdz/contracts';
import { useChannels } from '@/realtime';
import { formatTime } from '@/components/crud';
import { useEquipmentDetail } from '../env/api';
import { CommTag } from '../env/components/CommTag';
import { PointValueGrid } from '../env/components/PointValueGrid';
import { HistoryPanel } from '../env/history/HistoryPanel';
import { selectionProblem } from '../env/history/series';
import { defaultChartPoints, historyLink, type HistoryLink } from '../env/equipment';
import styles from '../env/components/env.module.css';

const STATUS_LABELS: Record<string, { text: string; color: string }> = {
  running: { text: '运行', color: 'green' },
  stopped: { text: '停运', color: 'default' },
  maintenance: { text: '检修', color: 'orange' },
};

function parseId(raw: string | null): number | undefined {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** 设备详情 (/monitor/equipment?id=N): header, every point live by kind, history charts. */
export default function MonitorEquipmentPage() {
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  const detail = useEquipmentDetail(id);
  const channels = useMemo(() => (id ? [`equipment:${id}`] : []), [id]);
  useChannels(channels);

  if (!id) return <Result status="info" title="请从设备列表或站点总览打开设备详情" subTitle="地址中缺少设备编号（id）" />;
  if (detail.isError) return <Result status="404" title="设备不存在或无权查看" subTitle={(detail.error as Error)?.message} />;
  if (!detail.data) return <Card><Skeleton active paragraph={{ rows: 8 }} /></Card>;
  return <EquipmentDetail key={id} detail={detail.data} link={historyLink(params)} />;
}

function EquipmentDetail({ detail, link }: { detail: MonitorEquipmentDetail; link: HistoryLink }) {
  const { equipment: e, gateway: g, points } = detail;
  const [charted, setCharted] = useState<number[]>(() => {
    const own = link.points?.filter((id) => points.some((p) => p.pointId === id));
    return own?.length ? own.slice(0, 8) : defaultChartPoints(detail);
  });
  const chartedSet = useMemo(() => new Set(charted), [charted]);

  const toggle = useCallback(
    (pointId: number) => {
      setCharted((cur) => {
        if (cur.includes(pointId)) return cur.filter((x) => x !== pointId);
        const p = points.find((x) => x.pointId === pointId)!;
        const chosen = cur.map((x) => points.find((y) => y.pointId === x)!).filter(Boolean);
        const why = selectionProblem(chosen, p);
        if (why) {
          message.warning(why);
          return cur;
        }
        return [...cur, pointId];
      });
    },
    [points],
  );

  const status = STATUS_LABELS[e.status] ?? { text: e.status, color: 'default' };
  const path = [e.customerName, e.stationName, e.cabinetName].filter(Boolean).join(' / ');
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Card size="small">
        <Space align="center" wrap size={[12, 4]} style={{ marginBottom: 8 }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {e.name}
          </Typography.Title>
          <Tag>{e.code}</Tag>
          <CommTag kind="equipment" id={e.id} online={e.online} lastSeenAt={e.lastSeenAt} />
          <Tag color={status.color}>{status.text}</Tag>
          <Typography.Text className={styles.headerPath}>{path}</Typography.Text>
        </Space>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3, xl: 4 }}>
          <Descriptions.Item label="设备类型">{e.equipmentTypeName}</Descriptions.Item>
          <Descriptions.Item label="设备型号">{e.modelName}</Descriptions.Item>
          <Descriptions.Item label="所属站点">{e.stationName}</Descriptions.Item>
          <Descriptions.Item label="所属柜体">{e.cabinetName ?? '未安装在柜体中'}</Descriptions.Item>
          <Descriptions.Item label="采集网关">
            {g ? (
              <Space size={4}>
                <span>
                  {g.name}（{g.code}）
                </span>
                <CommTag kind="gateway" id={g.id} online={g.online} lastSeenAt={g.lastSeenAt} />
              </Space>
            ) : (
              '未绑定网关'
            )}
          </Descriptions.Item>
          <Descriptions.Item label="上报周期">{g ? `${g.reportIntervalS} 秒` : '-'}</Descriptions.Item>
          <Descriptions.Item label="最后通讯">{formatTime(e.lastSeenAt)}</Descriptions.Item>
          <Descriptions.Item label="生产厂家">{e.manufacturer ?? '-'}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" title="实时数据" extra={<Typography.Text type="secondary">点击测点加入或移出历史曲线</Typography.Text>}>
        <PointValueGrid points={points} charted={chartedSet} onToggle={toggle} />
      </Card>
      <Card size="small" title="历史曲线">
        <HistoryPanel initialRange={link.range} initialResolution={link.resolution} points={points} selected={charted} onSelectedChange={setCharted} exportName={`${e.name}_历史数据`} />
      </Card>
    </Space>
  );
}
