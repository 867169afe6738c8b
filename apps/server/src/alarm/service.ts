import type { Expression, Kysely, SqlBool } from 'kysely';
import {
  ALARM_LEVEL_LABELS,
  ALARM_SORT_COLUMNS,
  ALARM_TYPE_LABELS,
  type AlarmPrefs,
  type AlarmQuery,
  type AlarmRow,
  type AlarmRuleType,
  type AlarmStatsRow,
  type AlarmSummary,
  type Page,
  type alarmStatsQuery,
} from '@pdz/contracts';
import type { z } from 'zod';
import type { AppContext } from '../platform/context';
import type { Database } from '../platform/db/schema';
import { sql } from '../platform/db/index';
import { contains } from '../platform/db/filters';
import { notFound } from '../platform/errors';
import { offsetOf, page, sortColumn } from '../platform/http';
import { ALARM_COLUMNS, alarmSelect, toAlarmRow, type AlarmSqlRow } from './read';

type Visible = number[] | null;
const DAY = 86_400_000;

/** `column IN (visible)`; no filter for an all-customers scope. */
function inVisible(column: string, visible: Visible): Expression<SqlBool> {
  if (visible === null) return sql<SqlBool>`1 = 1`;
  if (!visible.length) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`${sql.ref(column)} in (${sql.join(visible)})`;
}

const SORT: Record<(typeof ALARM_SORT_COLUMNS)[number], string> = { raisedAt: 'a.raised_at', level: 'a.level', recoveredAt: 'a.recovered_at', confirmedAt: 'a.confirmed_at' };

function filtered(ctx: AppContext, visible: Visible, q: Omit<AlarmQuery, 'pageNum' | 'pageSize'>) {
  let b = alarmSelect(ctx.db).where(inVisible('a.customer_id', visible));
  if (q.active === 'true') b = b.where('a.closed', '=', 0);
  if (q.active === 'false') b = b.where('a.closed', '=', 1);
  switch (q.state) {
    case 'active':
      b = b.where('a.confirmed_at', 'is', null).where('a.recovered_at', 'is', null);
      break;
    case 'confirmed':
      b = b.where('a.confirmed_at', 'is not', null).where('a.recovered_at', 'is', null);
      break;
    case 'recovered_unconfirmed':
      b = b.where('a.confirmed_at', 'is', null).where('a.recovered_at', 'is not', null);
      break;
    case 'closed':
      b = b.where('a.closed', '=', 1);
      break;
  }
  if (q.level) b = b.where('a.level', '=', q.level);
  if (q.ruleType) b = b.where('a.rule_type', '=', q.ruleType);
  if (q.customerId) b = b.where('a.customer_id', '=', q.customerId);
  if (q.stationId) b = b.where('a.station_id', '=', q.stationId);
  if (q.equipmentId) b = b.where('a.equipment_id', '=', q.equipmentId);
  if (q.from !== undefined) b = b.where('a.raised_at', '>=', q.from);
  if (q.to !== undefined) b = b.where('a.raised_at', '<', q.to);
  if (q.keyword) {
    const kw = q.keyword;
    b = b.where((eb) => eb.or([contains(ctx.dialect, 'a.title', kw), contains(ctx.dialect, 'e.code', kw)]));
  }
  return b;
}

/** Active list (`active=true`) or history, newest first unless sorted otherwise. */
export async function pageAlarms(ctx: AppContext, visible: Visible, q: AlarmQuery): Promise<Page<AlarmRow>> {
  const b = filtered(ctx, visible, q);
  const { n } = await b.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const order = q.order ?? 'desc';
  const rows = await b
    .select(ALARM_COLUMNS)
    .orderBy(sql.ref(sortColumn(q.orderBy, SORT, 'a.raised_at')), order)
    .orderBy('a.id', order)
    .limit(q.pageSize)
    .offset(offsetOf(q.pageNum, q.pageSize))
    .execute();
  return page(rows.map((r) => toAlarmRow(r as AlarmSqlRow)), Number(n), q.pageNum, q.pageSize);
}

/** The export's rows: the same filters, newest first, at most `limit`. */
export async function listAlarms(ctx: AppContext, visible: Visible, q: Omit<AlarmQuery, 'pageNum' | 'pageSize'>, limit: number): Promise<AlarmRow[]> {
  const rows = await filtered(ctx, visible, q)
    .select(ALARM_COLUMNS)
    .orderBy(sql.ref(sortColumn(q.orderBy, SORT, 'a.raised_at')), q.order ?? 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => toAlarmRow(r as AlarmSqlRow));
}

export async function getAlarm(ctx: AppContext, visible: Visible, id: number): Promise<AlarmRow> {
  const row = await alarmSelect(ctx.db).select(ALARM_COLUMNS).where('a.id', '=', id).where(inVisible('a.customer_id', visible)).executeTakeFirst();
  if (!row) throw notFound('告警');
  return toAlarmRow(row as AlarmSqlRow);
}

/** Start of the zone day holding `t`. */
export function zoneDayStart(t: number, offsetMin: number): number {
  const off = offsetMin * 60_000;
  return Math.floor((t + off) / DAY) * DAY - off;
}

export async function alarmSummary(ctx: AppContext, visible: Visible, now = Date.now()): Promise<AlarmSummary> {
  const rows = await ctx.db
    .selectFrom('alarm_event')
    .select(['level', (eb) => eb.fn.countAll<number>().as('n'), sql<number>`sum(case when confirmed_at is null then 1 else 0 end)`.as('unconfirmed')])
    .where('closed', '=', 0)
    .where(inVisible('customer_id', visible))
    .groupBy('level')
    .execute();
  const activeByLevel: Record<string, number> = { 1: 0, 2: 0, 3: 0, 4: 0 };
  let active = 0;
  let unconfirmed = 0;
  for (const r of rows) {
    activeByLevel[String(r.level)] = Number(r.n);
    active += Number(r.n);
    unconfirmed += Number(r.unconfirmed ?? 0);
  }
  const { n: today } = await ctx.db
    .selectFrom('alarm_event')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('raised_at', '>=', zoneDayStart(now, ctx.config.zoneOffsetMinutes))
    .where(inVisible('customer_id', visible))
    .executeTakeFirstOrThrow();
  return { activeByLevel, active, unconfirmed, today: Number(today) };
}

function dayKey(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * Counts per station / level / type / zone day / equipment over [from, to). Days are those of
 * the configured zone; every day of the range is answered, with zeros where nothing happened.
 */
export async function alarmStats(ctx: AppContext, visible: Visible, q: z.infer<typeof alarmStatsQuery>): Promise<AlarmStatsRow[]> {
  const off = ctx.config.zoneOffsetMinutes * 60_000;
  const keyExpr = {
    station: sql<number | string>`a.station_id`,
    equipment: sql<number | string>`a.equipment_id`,
    level: sql<number | string>`a.level`,
    type: sql<number | string>`a.rule_type`,
    // Whole zone days since the epoch: integer division on both dialects (bigint / integer).
    day: sql<number | string>`(a.raised_at + ${sql.lit(off)}) / ${sql.lit(DAY)}`,
  }[q.groupBy];
  let b = ctx.db.selectFrom('alarm_event as a').where(inVisible('a.customer_id', visible)).where('a.raised_at', '>=', q.from).where('a.raised_at', '<', q.to);
  if (q.customerId) b = b.where('a.customer_id', '=', q.customerId);
  if (q.stationId) b = b.where('a.station_id', '=', q.stationId);
  const rows = await b
    .select([
      keyExpr.as('k'),
      sql<number>`count(*)`.as('total'),
      sql<number>`sum(case when a.level = 1 then 1 else 0 end)`.as('l1'),
      sql<number>`sum(case when a.level = 2 then 1 else 0 end)`.as('l2'),
      sql<number>`sum(case when a.level = 3 then 1 else 0 end)`.as('l3'),
      sql<number>`sum(case when a.level = 4 then 1 else 0 end)`.as('l4'),
      sql<number>`sum(case when a.confirmed_at is null then 1 else 0 end)`.as('unconfirmed'),
      sql<number | null>`avg(case when a.confirmed_at is not null then a.confirmed_at - a.raised_at end)`.as('avg_ms'),
    ])
    .groupBy(keyExpr)
    .execute();
  const out: AlarmStatsRow[] = rows.map((r) => ({
    key: q.groupBy === 'day' ? dayKey(Number(r.k) * DAY) : String(r.k),
    label: '',
    total: Number(r.total),
    byLevel: { 1: Number(r.l1), 2: Number(r.l2), 3: Number(r.l3), 4: Number(r.l4) },
    unconfirmed: Number(r.unconfirmed),
    avgConfirmMinutes: r.avg_ms === null ? null : Math.round((Number(r.avg_ms) / 60_000) * 10) / 10,
  }));
  if (q.groupBy === 'day') {
    const have = new Map(out.map((r) => [r.key, r]));
    const all: AlarmStatsRow[] = [];
    for (let d = Math.floor((q.from + off) / DAY); d * DAY - off < q.to; d++) {
      const key = dayKey(d * DAY);
      all.push({ ...(have.get(key) ?? { key, label: '', total: 0, byLevel: { 1: 0, 2: 0, 3: 0, 4: 0 }, unconfirmed: 0, avgConfirmMinutes: null }), label: key });
    }
    return all;
  }
  await label(ctx.db, q.groupBy, out);
  return out.sort((a, b) => b.total - a.total || a.key.localeCompare(b.key));
}

async function label(db: Kysely<Database>, groupBy: 'station' | 'level' | 'type' | 'equipment', rows: AlarmStatsRow[]) {
  if (groupBy === 'level') for (const r of rows) r.label = ALARM_LEVEL_LABELS[Number(r.key)] ?? r.key;
  else if (groupBy === 'type') for (const r of rows) r.label = ALARM_TYPE_LABELS[r.key as AlarmRuleType] ?? r.key;
  else if (rows.length) {
    const ids = rows.map((r) => Number(r.key));
    const names = new Map<number, string>();
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      const found =
        groupBy === 'station'
          ? await db.selectFrom('asset_station').select(['id', 'name']).where('id', 'in', chunk).execute()
          : await db.selectFrom('asset_equipment').select(['id', sql<string>`name`.as('name')]).where('id', 'in', chunk).execute();
      for (const f of found) names.set(f.id, f.name);
    }
    for (const r of rows) r.label = names.get(Number(r.key)) ?? r.key;
  }
}

export async function getPrefs(db: Kysely<Database>, userId: number): Promise<AlarmPrefs> {
  const row = await db.selectFrom('alarm_pref').select('sound_muted').where('user_id', '=', userId).executeTakeFirst();
  return { soundMuted: row?.sound_muted === 1 };
}

export async function savePrefs(db: Kysely<Database>, userId: number, prefs: AlarmPrefs): Promise<AlarmPrefs> {
  const values = { user_id: userId, sound_muted: prefs.soundMuted ? 1 : 0, updated_at: Date.now() };
  await db
    .insertInto('alarm_pref')
    .values(values)
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ sound_muted: values.sound_muted, updated_at: values.updated_at }))
    .execute();
  return getPrefs(db, userId);
}
