import { useCallback, useEffect, useMemo, useState } from 'react';
import { Tag, Tooltip } from 'antd';
import { COMM_STATE_LABELS, STATUS_POINT_TEXTS, statusPointText, type CommState, type MonitorPoint } from '@pdz/contracts';
import { LiveValue, useCommState, useLivePoint } from '@/realtime';
import { formatTime } from '@/components/crud';
import { COMM_COLORS, COMM_TAG_COLORS, formatFigure, formatValue, liveCommState, sumKnown } from './monitorModel';

/**
 * Small live pieces of the 监控中心 screens. Each subscribes to exactly one point or one comm
 * state, so a new value re-renders that cell alone, never the page around it.
 */

/** Sensors with a defined fault state read green when normal; plain states (分闸, 停止) grey when off. */
const STATUS_ABNORMAL_KNOWN = (key: string) => !!STATUS_POINT_TEXTS[key]?.abnormal;

function useComm(kind: 'equipment' | 'gateway', id: number, loaded: CommState) {
  return liveCommState(loaded, useCommState(kind, id));
}

function commTip(state: CommState, lastSeenAt: number | null) {
  if (state === 'never') return '尚未收到过数据';
  return lastSeenAt ? `最近上报：${formatTime(lastSeenAt)}` : COMM_STATE_LABELS[state];
}

/** A coloured dot (在线 green, 离线 red, 未上报 grey) with the state in its tooltip. */
export function CommDot({ kind = 'equipment', id, state, lastSeenAt }: { kind?: 'equipment' | 'gateway'; id: number; state: CommState; lastSeenAt: number | null }) {
  const s = useComm(kind, id, state);
  return (
    <Tooltip title={`${COMM_STATE_LABELS[s]} · ${commTip(s, lastSeenAt)}`}>
      <span className={`mon-dot mon-dot-${s}`} style={{ background: COMM_COLORS[s] }} role="img" aria-label={COMM_STATE_LABELS[s]} />
    </Tooltip>
  );
}

/** 在线 / 离线 / 未上报 as a tag. */
export function CommTag({ kind = 'equipment', id, state, lastSeenAt }: { kind?: 'equipment' | 'gateway'; id: number; state: CommState; lastSeenAt: number | null }) {
  const s = useComm(kind, id, state);
  return (
    <Tooltip title={commTip(s, lastSeenAt)}>
      <Tag color={COMM_TAG_COLORS[s]} bordered={s !== 'never'} style={{ marginInlineEnd: 0 }}>
        {COMM_STATE_LABELS[s]}
      </Tag>
    </Tooltip>
  );
}

/**
 * One key point's value. Until the websocket brings one, the value the page was loaded with is
 * shown; afterwards the realtime client's <LiveValue/>. Status points read as words (打开, 合闸 …),
 * the abnormal state in red.
 */
export function PointValue({ point, className }: { point: MonitorPoint; className?: string }) {
  const live = useLivePoint(point.pointId);
  if (point.kind === 'yx') {
    const st = statusPointText(point.pointKey, live?.value ?? point.value);
    if (!st) return <span className={`mon-value mon-value-none ${className ?? ''}`}>--</span>;
    const tone = st.alarm ? 'mon-state-alarm' : st.on || STATUS_ABNORMAL_KNOWN(point.pointKey) ? 'mon-state-ok' : 'mon-state-off';
    return <span className={`mon-value mon-state ${tone} ${className ?? ''}`}>{st.text}</span>;
  }
  // The unit is drawn here (smaller and grey), so loaded and live values look the same.
  return (
    <span className={`mon-value ${className ?? ''}`}>
      {!live && point.value !== null ? formatValue(point.value, point.precision) : <LiveValue pointId={point.pointId} precision={point.precision} unit={null} />}
      {point.unit ? <span className="mon-unit"> {point.unit}</span> : null}
    </span>
  );
}

/** Reports one point's live value to the sum it belongs to. */
function Probe({ id, onValue }: { id: number; onValue: (id: number, v: number | undefined) => void }) {
  const v = useLivePoint(id)?.value;
  useEffect(() => onValue(id, v), [id, v, onValue]);
  return null;
}

/**
 * The station load kept live: the sum of the supply meters' P. Falls back to the figure the
 * page was loaded with until any of them has a live value.
 */
export function LiveSum({ pointIds, loaded }: { pointIds: readonly number[]; loaded: number | null }) {
  const [values, setValues] = useState<ReadonlyMap<number, number | undefined>>(new Map());
  const onValue = useCallback((id: number, v: number | undefined) => {
    setValues((m) => (m.get(id) === v ? m : new Map(m).set(id, v)));
  }, []);
  const sum = useMemo(() => sumKnown(pointIds.map((id) => values.get(id))), [pointIds, values]);
  return (
    <>
      {pointIds.map((id) => (
        <Probe key={id} id={id} onValue={onValue} />
      ))}
      {formatFigure(sum ?? loaded)}
    </>
  );
}
