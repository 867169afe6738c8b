import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { App, Button, Space } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ALARM_SOUND_LEVELS, PERMS, type AlarmEventKind, type AlarmRow, type WsChannel } from '@pdz/contracts';
import { usePerm } from '@/access/Auth';
import { useAlarmEvents, useChannels, useConnectionState } from '@/realtime';
import { ALARM_KEY, ALARM_SUMMARY_KEY, fetchAlarms } from '../api';
import { ConfirmAlarmModal } from '../components/ConfirmAlarmModal';
import { alarmLevel, isUnconfirmed } from '../levels';
import { NoticeBody, NoticeTitle } from './AlarmNotice';
import { useAlarmMute } from './prefs';
import { AlarmReminder } from './reminder';
import { AlarmSound, shouldSound } from './sound';
import '../alarm.css';

const CHANNELS: WsChannel[] = ['alarms'];
export const ACTIVE_ALARMS_PATH = '/alarm/active';
/** Levels 3–4 close by themselves; 1–2 stay until the operator acts. */
const QUIET_NOTICE_SECONDS = 10;
/** Level-1 alarms still unconfirmed when the console opens are reminded about too. */
const PENDING_KEY = ['alarmReminders'] as const;

export const noticeKey = (id: number) => `alarm-${id}`;

/**
 * The console-wide alarm notifier (mounted once in the layout): every new alarm in the user's
 * scope pops up with its level colour and 查看 / 确认; levels 1–2 also sound (unless muted), and an
 * unconfirmed level-1 alarm is announced again every ALARM_REMIND_MS. Users without
 * alarm:event:list get nothing.
 */
export function AlarmNotifier() {
  const allowed = usePerm([PERMS.alarm.list]);
  return allowed ? <LiveNotifier /> : null;
}

function LiveNotifier() {
  useChannels(CHANNELS);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { notification } = App.useApp();
  const { muted } = useAlarmMute();
  const canConfirm = usePerm([PERMS.alarm.confirm]);
  const [confirming, setConfirming] = useState<AlarmRow[] | null>(null);
  // The announcement runs from timers and socket callbacks: it reads the latest settings here.
  const latest = useRef({ muted, canConfirm });
  latest.current = { muted, canConfirm };

  const sound = useMemo(() => new AlarmSound(), []);
  useEffect(() => {
    sound.attach();
    return () => sound.detach();
  }, [sound]);

  const announce = useCallback(
    (alarm: AlarmRow, reminder: boolean) => {
      const key = noticeKey(alarm.id);
      const loud = (ALARM_SOUND_LEVELS as readonly number[]).includes(alarm.level);
      notification.open({
        key,
        title: <NoticeTitle alarm={alarm} reminder={reminder} />,
        description: <NoticeBody alarm={alarm} />,
        className: 'alarm-notice',
        style: { '--alarm-level-color': alarmLevel(alarm.level).hex } as CSSProperties,
        duration: loud ? false : QUIET_NOTICE_SECONDS,
        // Bottom right, the usual place for alarm pop-ups: the top bar (bell, sound switch) stays usable.
        placement: 'bottomRight',
        role: 'alert',
        actions: (
          <Space>
            <Button
              size="small"
              onClick={() => {
                notification.destroy(key);
                navigate(ACTIVE_ALARMS_PATH);
              }}
            >
              查看
            </Button>
            {latest.current.canConfirm && (
              <Button type="primary" size="small" onClick={() => setConfirming([alarm])}>
                确认
              </Button>
            )}
          </Space>
        ),
      });
      if (shouldSound(alarm.level, latest.current.muted)) sound.play(alarm.level);
    },
    [notification, navigate, sound],
  );
  const announceRef = useRef(announce);
  announceRef.current = announce;

  const reminder = useMemo(() => new AlarmReminder((a) => announceRef.current(a, true)), []);
  useEffect(() => () => reminder.dispose(), [reminder]);

  const pending = useQuery({
    queryKey: PENDING_KEY,
    queryFn: () => fetchAlarms({ pageNum: 1, pageSize: 100, active: 'true', level: 1, orderBy: 'raisedAt', order: 'desc' }),
    staleTime: Infinity,
    retry: false,
  });
  useEffect(() => {
    pending.data?.list.forEach((a) => reminder.update(a));
  }, [pending.data, reminder]);

  const onEvent = useCallback(
    (kind: AlarmEventKind, alarm: AlarmRow) => {
      reminder.update(alarm);
      if (kind === 'raised') announceRef.current(alarm, false);
      // Confirmed elsewhere (another operator, the message screen): its pop-up has nothing left to ask.
      else if (!isUnconfirmed(alarm)) notification.destroy(noticeKey(alarm.id));
      void qc.invalidateQueries({ queryKey: ALARM_SUMMARY_KEY });
    },
    [reminder, notification, qc],
  );
  useAlarmEvents(onEvent);

  // Events sent while the socket was down are lost: after a reconnect the lists, counts and
  // reminders are read again.
  const connection = useConnectionState();
  const wasOffline = useRef(false);
  useEffect(() => {
    if (connection === 'offline') wasOffline.current = true;
    else if (connection === 'open' && wasOffline.current) {
      wasOffline.current = false;
      void qc.invalidateQueries({ queryKey: ALARM_KEY });
      void qc.invalidateQueries({ queryKey: PENDING_KEY });
    }
  }, [connection, qc]);

  return (
    <ConfirmAlarmModal
      alarms={confirming}
      onClose={() => setConfirming(null)}
      onConfirmed={(ids) =>
        ids.forEach((id) => {
          reminder.stop(id);
          notification.destroy(noticeKey(id));
        })
      }
    />
  );
}
