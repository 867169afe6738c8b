import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { loadConfig } from '../../platform/config';
import { startTestApp, type TestApp } from '../../../test/harness';
import { makeFleet, type Fleet } from '../testkit';
import { telDb } from '../store/store';

/**
 * Against a real external broker (MQTT_URL, the machine's Mosquitto, which allows anonymous
 * clients): the server subscribes with a shared subscription; gateways publish to the broker.
 */
const url = process.env.MQTT_URL;

describe.skipIf(!url)('external MQTT broker (MQTT_URL)', () => {
  let t: TestApp;
  let fleet: Fleet;
  beforeAll(async () => {
    // A group of its own, so a subscriber left over elsewhere never takes this suite's messages.
    const group = `pdz-test-${crypto.randomBytes(4).toString('hex')}`;
    t = await startTestApp({ telemetry: { ...loadConfig(process.env).telemetry, mqttShareGroup: group } });
    fleet = await makeFleet(t.ctx.db, [
      { key: 'Ua', kind: 'yc', scale: 0.1 },
      { key: 'Ep', kind: 'ym' },
    ]);
    await t.ctx.telemetry!.startMqtt({ url });
  });
  afterAll(async () => t?.close());

  const rows = (pointId: number) => telDb(t.ctx).selectFrom('tel_raw').select(['ts', 'value']).where('point_id', '=', pointId).orderBy('ts').execute();
  async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const v = await read();
      if (ok(v) || Date.now() > end) return v;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('stores what gateways publish to the broker, single records and backlogs, duplicates once', async () => {
    const gw = await mqtt.connectAsync(url!, { clientId: `gw-${crypto.randomBytes(4).toString('hex')}`, reconnectPeriod: 0 });
    try {
      const base = Date.UTC(2024, 7, 1);
      const topic = `gw/${fleet.gateway.code}/up`;
      for (let i = 0; i < 10; i++) await gw.publishAsync(topic, JSON.stringify({ seq: i, ts: base + i * 1000, values: { [fleet.tags.Ua]: 2300 + i } }), { qos: 1 });
      await gw.publishAsync(topic, JSON.stringify([12, 11, 10].map((i) => ({ seq: i, ts: base + i * 1000, values: { [fleet.tags.Ua]: 2300 + i, [fleet.tags.Ep]: i } }))), { qos: 1 });
      await gw.publishAsync(topic, JSON.stringify({ seq: 3, ts: base + 3000, values: { [fleet.tags.Ua]: 1 } }), { qos: 1 });
      await gw.publishAsync(topic, 'garbage', { qos: 1 });
      await gw.publishAsync('gw/NO-SUCH-GATEWAY/up', JSON.stringify({ ts: base, values: {} }), { qos: 1 });
      const ua = await until(() => rows(fleet.points.Ua), (r) => r.length >= 13);
      expect(ua.map((r) => r.ts)).toEqual(Array.from({ length: 13 }, (_, i) => base + i * 1000));
      expect(ua[3].value).toBe(230.3);
      expect((await rows(fleet.points.Ep)).length).toBe(3);
      const rejects = await until(
        async () => {
          await t.ctx.telemetry!.stats.persist();
          return telDb(t.ctx).selectFrom('tel_reject').selectAll().where('gateway_id', '=', fleet.gateway.id).execute();
        },
        (r) => r.length > 0,
      );
      expect(rejects.map((r) => [r.reason, Number(r.count)])).toEqual([['json', 1]]);
    } finally {
      await gw.endAsync();
    }
  });
});
