import { memo } from 'react';
import { Card, Tag, Tooltip, Typography } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import type { MonitorStationRow } from '@pdz/contracts';
import { formatTime } from '@/components/crud';
import { AlarmLevels } from './StationStrip';
import { formatFigure, onlineRatio } from './monitorModel';

/** Online / offline / never-reported equipment as one stacked bar. */
export function CommBar({ e }: { e: MonitorStationRow['equipment'] }) {
  const part = (n: number) => (e.total ? `${(n / e.total) * 100}%` : '0');
  return (
    <Tooltip title={`在线 ${e.online} · 离线 ${e.offline} · 未上报 ${e.never}`}>
      <div style={{ display: 'flex', height: 6, borderRadius: 3, overflow: 'hidden', background: '#f0f0f0' }} aria-label={`在线 ${e.online} 台，离线 ${e.offline} 台，未上报 ${e.never} 台`}>
        <span style={{ width: part(e.online), background: '#52c41a' }} />
        <span style={{ width: part(e.offline), background: '#ff4d4f' }} />
        <span style={{ width: part(e.never), background: '#d9d9d9' }} />
      </div>
    </Tooltip>
  );
}

/** 站点总览's card of one station; a click opens its 实时监控. */
export const StationCard = memo(function StationCard({ s, onOpen }: { s: MonitorStationRow; onOpen: (id: number) => void }) {
  const ratio = onlineRatio(s.equipment);
  return (
    <Card
      size="small"
      className="mon-station"
      hoverable={false}
      role="button"
      tabIndex={0}
      aria-label={`${s.name} 实时监控`}
      onClick={() => onOpen(s.id)}
      onKeyDown={(ev) => ev.key === 'Enter' && onOpen(s.id)}
      title={
        <span style={{ display: 'flex', alignItems: 'center', gap: 6, minWidth: 0 }}>
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }} title={s.name}>
            {s.name}
          </span>
          {s.alarms.total > 0 && (
            <Tag color="error" bordered={false} style={{ marginInlineEnd: 0 }}>
              告警 {s.alarms.total}
            </Tag>
          )}
        </span>
      }
      extra={<Tag bordered={false}>{s.stationTypeName}</Tag>}
    >
      <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
        {s.customerName}
      </Typography.Text>
      <div className="mon-station-figs">
        <div className="mon-station-fig">
          <div className="mon-figure-label">实时负荷 kW</div>
          <div className="mon-figure-value">{formatFigure(s.loadKw)}</div>
        </div>
        <div className="mon-station-fig">
          <div className="mon-figure-label">今日电量 kWh</div>
          <div className="mon-figure-value">{formatFigure(s.todayKwh)}</div>
        </div>
        <div className="mon-station-fig">
          <div className="mon-figure-label">设备在线率</div>
          <div className="mon-figure-value" style={{ color: ratio !== null && ratio < 90 ? '#cf1322' : undefined }}>
            {ratio === null ? '--' : `${ratio}%`}
          </div>
        </div>
      </div>
      <CommBar e={s.equipment} />
      <div style={{ display: 'flex', justifyContent: 'space-between', fontSize: 12, color: '#8c8c8c', margin: '6px 0 8px' }}>
        <span>
          设备 {s.equipment.online}/{s.equipment.total} 在线
        </span>
        <span>
          网关 {s.gateways.online}/{s.gateways.total} 在线
        </span>
      </div>
      <AlarmLevels byLevel={s.alarms.byLevel} />
      <div style={{ fontSize: 12, color: '#8c8c8c', marginTop: 8, display: 'flex', justifyContent: 'space-between', gap: 8 }}>
        <Typography.Text type="secondary" ellipsis={{ tooltip: s.address }} style={{ fontSize: 12, flex: 1 }}>
          <EnvironmentOutlined /> {s.address || '未填写地址'}
        </Typography.Text>
        <span style={{ whiteSpace: 'nowrap' }}>{s.lastSeenAt ? `更新 ${formatTime(s.lastSeenAt, 'HH:mm:ss')}` : '暂无数据'}</span>
      </div>
    </Card>
  );
});
