import { describe, expect, it } from 'vitest';
import { agoText, durationText, gatewayState } from './siteGateway';

const now = Date.UTC(2026, 2, 1, 12, 0, 0);
const MIN = 60_000;

describe('gateway online state', () => {
  it('online: green with the last report', () => {
    expect(gatewayState({ online: true, lastSeenAt: now - 2 * MIN, offlineSince: null }, now)).toEqual({ online: true, label: '在线', color: 'success', detail: '2 分钟前上报' });
  });

  it('offline: red with how long', () => {
    expect(gatewayState({ online: false, lastSeenAt: now - 200 * MIN, offlineSince: now - 195 * MIN }, now)).toMatchObject({ label: '离线', color: 'error', detail: '已离线 3 小时 15 分钟' });
    // Without offlineSince, the last report is when it went quiet.
    expect(gatewayState({ online: false, lastSeenAt: now - 3 * 24 * 60 * MIN, offlineSince: null }, now).detail).toBe('已离线 3 天');
  });

  it('never reported: grey 未接入', () => {
    expect(gatewayState({ online: false, lastSeenAt: null, offlineSince: null }, now)).toMatchObject({ label: '未接入', color: 'default', detail: '从未上报' });
  });

  it('words for times', () => {
    expect(agoText(now + 5000, now)).toBe('刚刚');
    expect(agoText(now - 59_000, now)).toBe('刚刚');
    expect(agoText(now - 26 * 60 * MIN, now)).toBe('1 天前');
    expect(durationText(45_000)).toBe('45 秒');
    expect(durationText(12 * MIN)).toBe('12 分钟');
    expect(durationText(120 * MIN)).toBe('2 小时');
    expect(durationText(50 * 60 * MIN)).toBe('2 天 2 小时');
  });
});
