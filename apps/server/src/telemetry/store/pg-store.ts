import { sql, type Transaction } from 'kysely';
import type { Sample, RollupLevel } from '../types';
import type { Buckets } from '../rollup/buckets';
import { consRanges, firstsPerQuarter, newestPerPoint, parents, partials, rangeConsumption, rollUp, splitAppended, sumByParent, type ConsUpdate, type PartialAgg } from '../rollup/plan';
import type { TelDb, TelemetryStore } from './store';
import type { TelemetryTables } from './schema';
import type { Database } from '../../platform/db/schema';

type Tx = Transaction<Database & TelemetryTables>;

/** Rows per statement: arrays travel as one parameter each, so a statement costs one round trip. */
const CHUNK = 20_000;

function chunked<T>(rows: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

const ROLLUP_TABLE: Record<RollupLevel, string> = { '15m': 'tel_15m', day: 'tel_day', month: 'tel_month' };

/**
 * PostgreSQL: set-based statements over `unnest` arrays in one transaction (design.md §3: batched
 * INSERT/unnest 100-150K rows/s). `RETURNING` tells which raw rows were new, so a resent sample
 * never counts twice in a rollup.
 */
export class PgTelemetryStore implements TelemetryStore {
  /** Writes the history in every commit: nothing waits. */
  readonly backlog = 0;
  constructor(
    private readonly db: TelDb,
    private readonly buckets: Buckets,
  ) {}

  async write(batch: Sample[], isAccumulator: (p: number) => boolean): Promise<Sample[]> {
    if (!batch.length) return [];
    return this.db.transaction().execute(async (tx) => {
      const inserted = await this.insertRaw(tx, batch);
      if (!inserted.length) return inserted;
      // Accumulators: the latest stored reading before this batch decides between adding and
      // recomputing. With several processes (a shared subscription spreads one gateway's messages)
      // the latest rows of the batch are locked first, in point order (no deadlock between two
      // batches), so a second batch of the same point waits and then sees this one's latest.
      const acc = inserted.filter((s) => isAccumulator(s.p));
      const newest = newestPerPoint(inserted);
      const locked = await sql<{ point_id: number; ts: number; value: number }>`
        SELECT point_id, ts, value FROM tel_latest WHERE point_id = ANY(${newest.map((s) => s.p)}::int[]) ORDER BY point_id FOR UPDATE`.execute(tx);
      const prevLatest = new Map<number, { ts: number; value: number }>();
      for (const row of locked.rows) prevLatest.set(row.point_id, { ts: row.ts, value: row.value });
      await this.upsertLatest(tx, newest);
      const { buckets } = this;
      const quarters = partials(inserted, buckets.quarter);
      const days = rollUp(quarters, buckets.day);
      await this.merge(tx, '15m', quarters);
      await this.merge(tx, 'day', days);
      await this.merge(tx, 'month', rollUp(days, buckets.month));
      if (acc.length) {
        const { added, late } = splitAppended(acc, prevLatest, buckets);
        if (added.length) {
          const days = sumByParent(added, buckets.day);
          await this.addConsumption(tx, 'tel_15m', added);
          await this.addConsumption(tx, 'tel_day', days);
          await this.addConsumption(tx, 'tel_month', sumByParent(days, buckets.month));
        }
        if (late.length) await this.accumulators(tx, late);
      }
      return inserted;
    });
  }

  private async insertRaw(tx: Tx, batch: Sample[]): Promise<Sample[]> {
    const isNew = new Set<string>();
    for (const part of chunked(batch)) {
      const r = await sql<{ point_id: number; ts: number }>`
        INSERT INTO tel_raw (point_id, ts, value, quality)
        SELECT * FROM unnest(${part.map((s) => s.p)}::int[], ${part.map((s) => s.t)}::bigint[], ${part.map((s) => s.v)}::float8[], ${part.map((s) => s.q)}::int[])
        ON CONFLICT DO NOTHING
        RETURNING point_id, ts`.execute(tx);
      for (const row of r.rows) isNew.add(`${row.point_id}:${row.ts}`);
    }
    if (isNew.size === batch.length) return batch;
    return batch.filter((s) => isNew.has(`${s.p}:${s.t}`));
  }

  private async upsertLatest(tx: Tx, rows: Sample[]) {
    for (const part of chunked(rows)) {
      await sql`
        INSERT INTO tel_latest AS l (point_id, ts, value)
        SELECT * FROM unnest(${part.map((s) => s.p)}::int[], ${part.map((s) => s.t)}::bigint[], ${part.map((s) => s.v)}::float8[])
        ON CONFLICT (point_id) DO UPDATE SET ts = excluded.ts, value = excluded.value WHERE excluded.ts > l.ts`.execute(tx);
    }
  }

  private async merge(tx: Tx, level: RollupLevel, rows: PartialAgg[]) {
    const t = sql.raw(ROLLUP_TABLE[level]);
    for (const part of chunked(rows)) {
      const col = <K extends keyof PartialAgg>(k: K) => part.map((a) => a[k]);
      await sql`
        INSERT INTO ${t} AS r (point_id, bucket, min, max, sum, count, first, first_ts, last, last_ts)
        SELECT * FROM unnest(${col('p')}::int[], ${col('b')}::bigint[], ${col('min')}::float8[], ${col('max')}::float8[],
          ${col('sum')}::float8[], ${col('count')}::int[], ${col('first')}::float8[], ${col('firstTs')}::bigint[],
          ${col('last')}::float8[], ${col('lastTs')}::bigint[])
        ON CONFLICT (point_id, bucket) DO UPDATE SET
          min = LEAST(r.min, excluded.min),
          max = GREATEST(r.max, excluded.max),
          sum = r.sum + excluded.sum,
          count = r.count + excluded.count,
          first = CASE WHEN excluded.first_ts < r.first_ts THEN excluded.first ELSE r.first END,
          first_ts = LEAST(r.first_ts, excluded.first_ts),
          last = CASE WHEN excluded.last_ts > r.last_ts THEN excluded.last ELSE r.last END,
          last_ts = GREATEST(r.last_ts, excluded.last_ts)`.execute(tx);
    }
  }

  private async addConsumption(tx: Tx, table: string, rows: ConsUpdate[]) {
    for (const part of chunked(rows)) {
      await sql`
        UPDATE ${sql.raw(table)} t SET cons = coalesce(t.cons, 0) + u.c, suspect = GREATEST(t.suspect, u.s)
        FROM unnest(${part.map((u) => u.p)}::int[], ${part.map((u) => u.bucket)}::bigint[], ${part.map((u) => u.cons)}::float8[], ${part.map((u) => u.suspect)}::int[]) AS u(p, b, c, s)
        WHERE t.point_id = u.p AND t.bucket = u.b`.execute(tx);
    }
  }

  /** Same plan as on SQLite, each step one statement for all points of the batch. */
  private async accumulators(tx: Tx, acc: Sample[]) {
    const { buckets } = this;
    const firsts = firstsPerQuarter(acc, buckets);
    const predRows = await sql<{ i: number; ts: number | null }>`
      SELECT q.i, r.ts FROM unnest(${firsts.map((f) => f.p)}::int[], ${firsts.map((f) => f.ts)}::bigint[], ${firsts.map((_, i) => i)}::int[]) AS q(p, t, i)
      LEFT JOIN LATERAL (SELECT ts FROM tel_raw WHERE point_id = q.p AND ts < q.t ORDER BY ts DESC LIMIT 1) r ON true`.execute(tx);
    const preds: (number | null)[] = firsts.map(() => null);
    for (const row of predRows.rows) preds[row.i] = row.ts;

    const ranges = consRanges(firsts, preds, buckets);
    const p = ranges.map((r) => r.p);
    const lo = ranges.map((r) => r.lo);
    const hi = ranges.map((r) => r.hi);
    const idx = ranges.map((_, i) => i);
    const inRange = await sql<{ i: number; ts: number; value: number }>`
      SELECT q.i, r.ts, r.value FROM unnest(${p}::int[], ${lo}::bigint[], ${hi}::bigint[], ${idx}::int[]) AS q(p, lo, hi, i)
      JOIN tel_raw r ON r.point_id = q.p AND r.ts >= q.lo AND r.ts < q.hi
      ORDER BY q.i, r.ts`.execute(tx);
    const after = await sql<{ i: number; ts: number; value: number }>`
      SELECT q.i, r.ts, r.value FROM unnest(${p}::int[], ${hi}::bigint[], ${idx}::int[]) AS q(p, hi, i)
      JOIN LATERAL (SELECT ts, value FROM tel_raw WHERE point_id = q.p AND ts >= q.hi ORDER BY ts LIMIT 1) r ON true`.execute(tx);
    const readings = ranges.map(() => [] as { ts: number; value: number }[]);
    for (const row of inRange.rows) readings[row.i].push({ ts: row.ts, value: row.value });
    for (const row of after.rows) readings[row.i].push({ ts: row.ts, value: row.value });
    const updates: ConsUpdate[] = ranges.flatMap((r, i) => rangeConsumption(r, readings[i], buckets));
    if (!updates.length) return;

    await sql`
      UPDATE tel_15m t SET cons = u.c, suspect = u.s
      FROM unnest(${updates.map((u) => u.p)}::int[], ${updates.map((u) => u.bucket)}::bigint[], ${updates.map((u) => u.cons)}::float8[], ${updates.map((u) => u.suspect)}::int[]) AS u(p, b, c, s)
      WHERE t.point_id = u.p AND t.bucket = u.b`.execute(tx);
    const days = parents(updates, buckets.day, buckets.nextDay);
    await this.resum(tx, 'tel_day', 'tel_15m', days);
    const months = parents(
      days.map((d) => ({ p: d.p, bucket: d.lo })),
      buckets.month,
      buckets.nextMonth,
    );
    await this.resum(tx, 'tel_month', 'tel_day', months);
  }

  /** Parent consumption = sum of its children's (days from quarters, months from days). */
  private async resum(tx: Tx, parent: string, child: string, rows: { p: number; lo: number; hi: number }[]) {
    if (!rows.length) return;
    await sql`
      UPDATE ${sql.raw(parent)} t SET cons = x.c, suspect = x.s
      FROM (
        SELECT u.p, u.lo, sum(c.cons) AS c, coalesce(max(c.suspect), 0) AS s
        FROM unnest(${rows.map((r) => r.p)}::int[], ${rows.map((r) => r.lo)}::bigint[], ${rows.map((r) => r.hi)}::bigint[]) AS u(p, lo, hi)
        JOIN ${sql.raw(child)} c ON c.point_id = u.p AND c.bucket >= u.lo AND c.bucket < u.hi
        GROUP BY u.p, u.lo
      ) x
      WHERE t.point_id = x.p AND t.bucket = x.lo`.execute(tx);
  }
}
