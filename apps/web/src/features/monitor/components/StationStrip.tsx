import type { CSSProperties, ReactNode } from 'react';
import { Tooltip } from 'antd';
import type { MonitorStationRow } from '@pdz/contracts';
import { LiveSum } from './LiveBits';
import { formatFigure, onlineRatio } from './monitorModel';
import { ALARM_LEVELS, alarmLevel } from '@/features/alarm/levels';

/** One figure of a strip: label above, value (with a <small> unit) below, an optional tooltip. */
export function Figure({ label, children, tip }: { label: string; children: ReactNode; tip?: string }) {
  const body = (
    <div className="mon-figure">
      <div className="mon-figure-label">{label}</div>
      <div className="mon-figure-value">{children}</div>
    </div>
  );
  return tip ? <Tooltip title={tip}>{body}</Tooltip> : body;
}

/** Active alarms per level, zero levels dimmed. */
export function AlarmLevels({ byLevel }: { byLevel: Record<string, number> }) {
  return (
    <span className="mon-levels">
      {ALARM_LEVELS.map((l) => {
        const n = byLevel[String(l)] ?? 0;
        return (
          <span key={l} className="mon-level" style={{ color: n ? alarmLevel(l).hex : '#bfbfbf' }}>
            {alarmLevel(l).label}
            <b>{n}</b>
          </span>
        );
      })}
    </span>
  );
}

/** The strip's 未结束告警 figure: the total and the count per level. */
export function AlarmFigure({ alarms, style }: { alarms: MonitorStationRow['alarms']; style?: CSSProperties }) {
  return (
    <div className="mon-figure" style={style}>
      <div className="mon-figure-label">未结束告警 {alarms.total} 条</div>
      <div className="mon-figure-value" style={{ fontSize: 14 }}>
        <AlarmLevels byLevel={alarms.byLevel} />
      </div>
    </div>
  );
}

/** The header strip of 实时监控: load (live), today's energy, online ratio, gateways, alarms. */
export function StationStrip({ station }: { station: MonitorStationRow }) {
  const ratio = onlineRatio(station.equipment);
  const e = station.equipment;
  return (
    <div className="mon-strip" aria-label="站点概况">
      <Figure label="实时负荷" tip={station.loadPointIds.length ? `${station.loadPointIds.length} 块进线表有功功率之和` : '站内没有可用的进线表'}>
        <LiveSum pointIds={station.loadPointIds} loaded={station.loadKw} />
        <small>kW</small>
      </Figure>
      <Figure label="今日电量">
        {formatFigure(station.todayKwh)}
        <small>kWh</small>
      </Figure>
      <Figure label="设备在线率" tip={`在线 ${e.online} · 离线 ${e.offline} · 未上报 ${e.never}`}>
        {ratio === null ? '--' : `${ratio}%`}
        <small>
          {e.online}/{e.total}
        </small>
      </Figure>
      <Figure label="网关在线">
        {station.gateways.online}
        <small>/ {station.gateways.total}</small>
      </Figure>
      <AlarmFigure alarms={station.alarms} style={{ gridColumn: 'span 2', minWidth: 0 }} />
    </div>
  );
}
