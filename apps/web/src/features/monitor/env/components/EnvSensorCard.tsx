import { memo } from 'react';
import { Tag, Tooltip } from 'antd';
import { useNavigate } from 'react-router';
import { envStateText, type SensorRow } from '@pdz/contracts';
import { LiveValue, useLivePoint } from '@/realtime';
import { CommTag } from './CommTag';
import styles from './env.module.css';

/** A status reading of an environment sensor: 正常 / 浸水 / 烟雾报警 / 打开 …, live. */
function EnvState({ equipmentType, pointId, loaded }: { equipmentType: string; pointId: number; loaded: number | null }) {
  const live = useLivePoint(pointId);
  const s = envStateText(equipmentType, live?.value ?? loaded);
  if (!s) return <Tag>无数据</Tag>;
  return (
    <Tag color={s.alarm ? 'error' : 'success'} style={{ fontSize: 14, padding: '2px 10px' }}>
      {s.text}
    </Tag>
  );
}

/** The card edge follows the first status point (alarm red, normal green). */
function EdgeLevel({ equipmentType, pointId, loaded, children }: { equipmentType: string; pointId: number | undefined; loaded: number | null; children: React.ReactNode }) {
  const live = useLivePoint(pointId);
  const s = pointId ? envStateText(equipmentType, live?.value ?? loaded) : null;
  const level = !s ? 'unknown' : s.alarm ? 'alarm' : 'normal';
  return (
    <div className={`${styles.sensorCard} ${styles[`level-${level}`]}`} data-level={level}>
      {children}
    </div>
  );
}

/** One water / smoke / door / SF6 / noise sensor with its live readings. */
export const EnvSensorCard = memo(function EnvSensorCard({ sensor, typeLabel }: { sensor: SensorRow; typeLabel: string }) {
  const navigate = useNavigate();
  const status = sensor.points.find((p) => p.kind === 'yx');
  return (
    <EdgeLevel equipmentType={sensor.equipmentType} pointId={status?.pointId} loaded={status?.value ?? null}>
      <div className={styles.sensorHead}>
        <Tooltip title={`${sensor.name}（${sensor.code}），点击查看详情`}>
          <a className={styles.sensorName} onClick={() => navigate(`/monitor/equipment?id=${sensor.id}`)}>
            {sensor.name}
          </a>
        </Tooltip>
        <CommTag kind="equipment" id={sensor.id} online={sensor.online} lastSeenAt={sensor.lastSeenAt} />
      </div>
      <div className={styles.sensorSub}>
        {typeLabel} · {sensor.code}
        {sensor.cabinetName ? ` · ${sensor.cabinetName}` : ''}
      </div>
      {sensor.points.length === 0 && <Tag>未配置测点</Tag>}
      {sensor.points.map((p) => (
        <div key={p.pointId} className={styles.reading}>
          <span className={styles.sensorSub} style={{ minWidth: 56 }}>
            {p.name}
          </span>
          {p.kind === 'yx' ? (
            <EnvState equipmentType={sensor.equipmentType} pointId={p.pointId} loaded={p.value} />
          ) : (
            <span className={styles.readingValue}>
              <LiveValue pointId={p.pointId} precision={p.precision} unit={p.unit} />
            </span>
          )}
        </div>
      ))}
    </EdgeLevel>
  );
});
