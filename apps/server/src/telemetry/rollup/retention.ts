import type { TelDb } from '../store/store';

const DAY = 86_400_000;
const POINTS_PER_STATEMENT = 500;

/**
 * Deletes raw history older than `days` (rollups stay). Deleting by point uses the (point, ts) key,
 * so each statement touches only the rows it removes; chunks keep each statement short on SQLite,
 * where a long write would hold up ingest. Idempotent, so several processes may run it.
 */
export async function purgeRaw(db: TelDb, days: number, now = Date.now()): Promise<number> {
  if (days <= 0) return 0;
  const cutoff = now - days * DAY;
  const points = (await db.selectFrom('tel_latest').select('point_id').execute()).map((r) => r.point_id);
  let removed = 0;
  for (let i = 0; i < points.length; i += POINTS_PER_STATEMENT) {
    const chunk = points.slice(i, i + POINTS_PER_STATEMENT);
    const r = await db.deleteFrom('tel_raw').where('point_id', 'in', chunk).where('ts', '<', cutoff).executeTakeFirst();
    removed += Number(r.numDeletedRows ?? 0);
  }
  return removed;
}
