import { describe, expect, it } from 'vitest';
import { gatewayCommView } from './state';

const NOW = 1_000_000_000;

describe('网关状态 comm state', () => {
  it('shows online with the last report, offline with how long, and never-reported gateways', () => {
    expect(gatewayCommView({ online: true, lastSeenAt: NOW - 180_000, offlineSince: null }, undefined, NOW)).toMatchObject({ state: 'online', label: '在线', detail: '3 分钟前上报' });
    expect(gatewayCommView({ online: false, lastSeenAt: NOW - 7_200_000, offlineSince: NOW - 7_000_000 }, undefined, NOW)).toMatchObject({ state: 'offline', detail: '已离线 1 小时 56 分钟' });
    expect(gatewayCommView({ online: false, lastSeenAt: null, offlineSince: null }, undefined, NOW)).toMatchObject({ state: 'never', label: '未上报' });
  });

  it('lets the websocket state win over the loaded row', () => {
    const row = { online: true, lastSeenAt: NOW - 60_000, offlineSince: null };
    expect(gatewayCommView(row, { online: false, at: NOW - 30_000 }, NOW)).toMatchObject({ state: 'offline', detail: '已离线 30 秒' });
    expect(gatewayCommView({ online: false, lastSeenAt: null, offlineSince: null }, { online: true, at: NOW - 1_000 }, NOW)).toMatchObject({ state: 'online', detail: '刚刚上报' });
  });
});
