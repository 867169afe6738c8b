import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALARM_REMIND_MS } from '@pdz/contracts';
import { alarmRow } from './fixtures';
import { AlarmReminder, needsReminder } from './reminder';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('AlarmReminder', () => {
  it('re-announces an unconfirmed level-1 alarm every ALARM_REMIND_MS until it is confirmed', () => {
    const announce = vi.fn();
    const r = new AlarmReminder(announce);
    r.update(alarmRow({ id: 1 }));
    vi.advanceTimersByTime(ALARM_REMIND_MS - 1);
    expect(announce).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(announce).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(ALARM_REMIND_MS);
    expect(announce).toHaveBeenCalledTimes(2);
    r.update(alarmRow({ id: 1, state: 'confirmed' }));
    vi.advanceTimersByTime(ALARM_REMIND_MS * 3);
    expect(announce).toHaveBeenCalledTimes(2);
    expect(r.size).toBe(0);
  });

  it('keeps reminding a recovered alarm nobody confirmed, with its latest state', () => {
    const announce = vi.fn();
    const r = new AlarmReminder(announce);
    r.update(alarmRow({ id: 1 }));
    r.update(alarmRow({ id: 1, state: 'recovered_unconfirmed', recoveredAt: 5 }));
    vi.advanceTimersByTime(ALARM_REMIND_MS);
    expect(announce).toHaveBeenCalledTimes(1);
    expect(announce.mock.calls[0][0].state).toBe('recovered_unconfirmed');
    // A second update does not start a second timer.
    vi.advanceTimersByTime(ALARM_REMIND_MS);
    expect(announce).toHaveBeenCalledTimes(2);
  });

  it('never reminds about levels 2–4 or alarms already confirmed', () => {
    const announce = vi.fn();
    const r = new AlarmReminder(announce);
    r.update(alarmRow({ id: 1, level: 2 }));
    r.update(alarmRow({ id: 2, level: 4 }));
    r.update(alarmRow({ id: 3, state: 'confirmed' }));
    r.update(alarmRow({ id: 4, state: 'closed' }));
    vi.advanceTimersByTime(ALARM_REMIND_MS * 2);
    expect(announce).not.toHaveBeenCalled();
    expect(needsReminder({ level: 1, state: 'active' })).toBe(true);
    expect(needsReminder({ level: 1, state: 'closed' })).toBe(false);
  });

  it('stop() and dispose() end the reminders (confirmed here, console closed)', () => {
    const announce = vi.fn();
    const r = new AlarmReminder(announce, 1000);
    r.update(alarmRow({ id: 1 }));
    r.update(alarmRow({ id: 2 }));
    r.stop(1);
    vi.advanceTimersByTime(1000);
    expect(announce).toHaveBeenCalledTimes(1);
    expect(announce.mock.calls[0][0].id).toBe(2);
    r.dispose();
    vi.advanceTimersByTime(5000);
    expect(announce).toHaveBeenCalledTimes(1);
  });
});
