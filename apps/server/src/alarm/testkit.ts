import type { AlarmRow, AlarmRuleInput, IngestResult } from '@pdz/contracts';
import type { TestApp } from '../../test/harness';
import { gatewayHeaders, makeFleet, type Fleet, type FleetPoint } from '../telemetry/testkit';
import { alarmEngineOf } from './index';

/** Test fixtures of the alarm suites: a fleet with units, rules saved through the API, ingest. */
export async function alarmFleet(t: TestApp, points: (FleetPoint & { unit?: string; precision?: number })[], opts: { deptId?: number | null } = {}): Promise<Fleet> {
  const fleet = await makeFleet(t.ctx.db, points, { deptId: opts.deptId });
  for (const p of points) {
    await t.ctx.db
      .updateTable('asset_point')
      .set({ unit: p.unit ?? null, precision: p.precision ?? 1, name: p.key })
      .where('id', '=', fleet.points[p.key])
      .execute();
  }
  return fleet;
}

export async function saveRules(t: TestApp, fleet: Fleet, pointKey: string | null, rules: Partial<AlarmRuleInput>[]) {
  const res = await t.call({
    method: 'POST',
    url: '/api/device/alarmConfig/save',
    token: t.adminToken,
    payload: { equipmentId: fleet.equipmentId, pointId: pointKey ? fleet.points[pointKey] : undefined, rules },
  });
  if (res.body.code !== 0) throw new Error(`save rules: ${res.status} ${res.body.msg}`);
  await settle(t);
}

/** Everything the engine queued is written and announced. */
export async function settle(t: TestApp) {
  await alarmEngineOf(t.ctx)!.settled();
}

/** One HTTP ingest call of records `[ts, { pointKey: value }]`, then the engine settles. */
export async function ingest(t: TestApp, fleet: Fleet, records: [number, Record<string, number | boolean>][]) {
  const payload = records.map(([ts, values], i) => ({ seq: i, ts, values: Object.fromEntries(Object.entries(values).map(([k, v]) => [fleet.tags[k], v])) }));
  const res = await t.call<IngestResult>({ method: 'POST', url: `/api/ingest/${fleet.gateway.code}`, headers: gatewayHeaders(fleet.gateway.secret), payload: JSON.stringify(payload) });
  if (res.status !== 200) throw new Error(`ingest: ${res.status} ${res.body.msg}`);
  await settle(t);
  return res.body.data;
}

export const alarmsOf = (t: TestApp, fleet: Fleet) =>
  t.ctx.db.selectFrom('alarm_event').selectAll().where('equipment_id', '=', fleet.equipmentId).orderBy('id').execute();

/**
 * An alarm as the bus carries it, for suites that emit `alarm.event` themselves: an active
 * upper-limit alarm on an A-phase voltage; `over` places it (customer, station, equipment) and
 * changes anything else.
 */
export function alarmRow(over: Partial<AlarmRow> & Pick<AlarmRow, 'id' | 'customerId' | 'stationId' | 'equipmentId'>): AlarmRow {
  return {
    customerName: '客户',
    stationName: '站',
    equipmentName: '电表',
    equipmentCode: 'EQ-0001',
    pointId: null,
    pointName: 'Ua',
    unit: 'V',
    ruleId: null,
    ruleType: 'upper',
    level: 1,
    title: 'A相电压 越上限',
    value: 250,
    threshold: 240,
    raisedAt: Date.now(),
    state: 'active',
    confirmedAt: null,
    confirmedBy: null,
    confirmNote: null,
    recoveredAt: null,
    recoveredValue: null,
    ...over,
  };
}
