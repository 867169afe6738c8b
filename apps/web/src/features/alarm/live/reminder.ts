import { ALARM_REMIND_MS, type AlarmRow } from '@pdz/contracts';
import { isUnconfirmed } from '../levels';

/** Only level 1 (紧急) is re-announced while nobody has confirmed it. */
export const REMIND_LEVELS: readonly number[] = [1];

export const needsReminder = (a: Pick<AlarmRow, 'level' | 'state'>) => REMIND_LEVELS.includes(a.level) && isUnconfirmed(a);

/**
 * Re-announces unconfirmed level-1 alarms every ALARM_REMIND_MS until they are confirmed (or the
 * console closes). One timer per alarm, started when the alarm is first seen; `update` with a
 * newer state of the alarm stops it once it is confirmed or closed. The announcement gets the
 * alarm's latest known state.
 */
export class AlarmReminder {
  private readonly timers = new Map<number, { timer: ReturnType<typeof setInterval>; alarm: AlarmRow }>();

  constructor(
    private readonly announce: (alarm: AlarmRow) => void,
    private readonly intervalMs = ALARM_REMIND_MS,
  ) {}

  /** Start (or keep) reminding about an alarm, or stop when it no longer needs it. */
  update(alarm: AlarmRow) {
    const entry = this.timers.get(alarm.id);
    if (!needsReminder(alarm)) {
      if (entry) this.stop(alarm.id);
      return;
    }
    if (entry) {
      entry.alarm = alarm;
      return;
    }
    const next = { alarm, timer: setInterval(() => this.announce(next.alarm), this.intervalMs) };
    this.timers.set(alarm.id, next);
  }

  stop(id: number) {
    const entry = this.timers.get(id);
    if (!entry) return;
    clearInterval(entry.timer);
    this.timers.delete(id);
  }

  has(id: number) {
    return this.timers.has(id);
  }

  get size() {
    return this.timers.size;
  }

  dispose() {
    for (const { timer } of this.timers.values()) clearInterval(timer);
    this.timers.clear();
  }
}
