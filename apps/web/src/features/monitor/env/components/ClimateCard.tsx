import { memo, useEffect } from 'react';
import { Tooltip } from 'antd';
import { useNavigate } from 'react-router';
import { CLIMATE_LEVEL_LABELS, humidityLevel, temperatureLevel, type SensorRow } from '@pdz/contracts';
import { useLivePoint } from '@/realtime';
import { Sparkline } from './Sparkline';
import { CommTag } from './CommTag';
import { LEVEL_COLORS, climateLevel, climatePoints, type LevelStore } from '../climate';
import styles from './env.module.css';

const T_COLOR = '#fa8c16';
const RH_COLOR = '#1677ff';

function Reading({ label, value, unit, precision, color }: { label: string; value: number | undefined | null; unit: string; precision: number; color: string }) {
  const shown = value === null || value === undefined || !Number.isFinite(value) ? '--' : value.toFixed(precision);
  return (
    <div className={styles.reading}>
      <span className={styles.readingLabel}>{label}</span>
      <span className={styles.readingValue} style={{ color }}>
        {shown}
      </span>
      <span className={styles.sensorSub}>{unit}</span>
    </div>
  );
}

/**
 * One temperature/humidity sensor: live T and RH coloured by the room limits (T > 35 ℃ warning;
 * RH > 80 % warning, > 85 % alarm), the worse of both on the card edge, and the last 24 h.
 * Only this card re-renders when its values change.
 */
export const ClimateCard = memo(function ClimateCard({ sensor, store, sparkFrom, sparkTo }: { sensor: SensorRow; store: LevelStore; sparkFrom: number; sparkTo: number }) {
  const navigate = useNavigate();
  const { temperature, humidity } = climatePoints(sensor);
  const liveT = useLivePoint(temperature?.pointId);
  const liveRh = useLivePoint(humidity?.pointId);
  const t = temperature ? (liveT?.value ?? temperature.value) : null;
  const rh = humidity ? (liveRh?.value ?? humidity.value) : null;
  const level = climateLevel(t, rh);
  useEffect(() => store.set(sensor.id, level), [store, sensor.id, level]);
  useEffect(() => () => store.remove(sensor.id), [store, sensor.id]);

  const spark = [
    temperature?.spark && { ts: temperature.spark.ts, values: temperature.spark.avg, color: T_COLOR },
    humidity?.spark && { ts: humidity.spark.ts, values: humidity.spark.avg, color: RH_COLOR },
  ].filter((s): s is { ts: number[]; values: number[]; color: string } => !!s);
  return (
    <div
      className={`${styles.sensorCard} ${styles[`level-${level}`]}`}
      role="button"
      tabIndex={0}
      onClick={() => navigate(`/monitor/equipment?id=${sensor.id}`)}
      onKeyDown={(e) => e.key === 'Enter' && navigate(`/monitor/equipment?id=${sensor.id}`)}
      style={{ cursor: 'pointer' }}
      data-level={level}
    >
      <div className={styles.sensorHead}>
        <Tooltip title={`${sensor.name}（${sensor.code}）`}>
          <span className={styles.sensorName}>{sensor.name}</span>
        </Tooltip>
        <CommTag kind="equipment" id={sensor.id} online={sensor.online} lastSeenAt={sensor.lastSeenAt} />
      </div>
      <div className={styles.sensorSub}>
        {sensor.code}
        {sensor.cabinetName ? ` · ${sensor.cabinetName}` : ''} · <span style={{ color: LEVEL_COLORS[level] }}>{CLIMATE_LEVEL_LABELS[level]}</span>
      </div>
      <div style={{ display: 'flex', gap: 16 }}>
        <Reading label="温度" value={t} unit={temperature?.unit ?? '°C'} precision={temperature?.precision ?? 1} color={LEVEL_COLORS[temperatureLevel(t)] === LEVEL_COLORS.normal ? 'inherit' : LEVEL_COLORS[temperatureLevel(t)]} />
        <Reading label="湿度" value={rh} unit={humidity?.unit ?? '%RH'} precision={humidity?.precision ?? 1} color={LEVEL_COLORS[humidityLevel(rh)] === LEVEL_COLORS.normal ? 'inherit' : LEVEL_COLORS[humidityLevel(rh)]} />
      </div>
      <Sparkline series={spark} from={sparkFrom} to={sparkTo} label={`${sensor.name}近24小时温湿度`} />
    </div>
  );
});
