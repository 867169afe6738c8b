import { PERMS, type DashboardSummary } from '@pdz/contracts';
import type { AppContext } from '../../platform/context';
import { hasAnyPerm, type Principal } from '../../platform/auth/principal';
import { sql } from '../../platform/db/index';
import { recentAudit } from '../audit/audit.service';
import { unconfirmedCount } from '../message/message.service';
import { whereUserInScope } from '../message/recipients';

const DAY_MS = 86_400_000;
const SIGN_IN_DAYS = 7;

/** Day number (days since 1970-01-01 in the configured zone) of an epoch-ms instant. */
const dayOf = (ms: number, shiftMs: number) => Math.floor((ms + shiftMs) / DAY_MS);
const dayLabel = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

export async function dashboardSummary(ctx: AppContext, p: Principal): Promise<DashboardSummary> {
  const { db, config } = ctx;
  const now = Date.now();
  const shift = config.zoneOffsetMinutes * 60_000;
  const today = dayOf(now, shift);
  const firstDay = today - (SIGN_IN_DAYS - 1);
  const since = firstDay * DAY_MS - shift;

  const users = await whereUserInScope(
    db.selectFrom('sys_user').select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.sum<number>('sys_user.enabled').as('enabled')]),
    p,
  ).executeTakeFirstOrThrow();

  const roles = await db.selectFrom('sys_role').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();

  let depts = db.selectFrom('sys_dept').select((eb) => eb.fn.countAll<number>().as('n'));
  if (p.scopeDeptIds !== null) {
    const reach = p.scopeSelfOnly ? (p.deptId ? [p.deptId] : []) : p.scopeDeptIds;
    depts = depts.where('id', 'in', reach.length ? reach : [0]);
  }
  const deptCount = await depts.executeTakeFirstOrThrow();

  const sessions = await db
    .selectFrom('sys_session')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('expires_at', '>', now)
    .where('last_seen_at', '>', now - config.session.idleMinutes * 60_000)
    .where('user_id', 'in', whereUserInScope(db.selectFrom('sys_user').select('sys_user.id'), p))
    .executeTakeFirstOrThrow();

  // Integer division buckets sign-ins by local day on both dialects.
  const bucket = sql<number>`(ts + ${sql.lit(shift)}) / ${sql.lit(DAY_MS)}`;
  const signIns = await db
    .selectFrom('sys_audit')
    .select([bucket.as('day'), 'ok', (eb) => eb.fn.countAll<number>().as('n')])
    .where('category', '=', 'auth')
    .where('action', '=', '登录')
    .where('ts', '>=', since)
    .groupBy([bucket, 'ok'])
    .execute();
  const byDay = new Map<number, { ok: number; failed: number }>();
  for (let d = firstDay; d <= today; d++) byDay.set(d, { ok: 0, failed: 0 });
  for (const r of signIns) {
    const slot = byDay.get(Number(r.day));
    if (!slot) continue;
    if (r.ok) slot.ok += Number(r.n);
    else slot.failed += Number(r.n);
  }
  const todays = byDay.get(today)!;

  return {
    users: { total: Number(users.total), enabled: Number(users.enabled ?? 0) },
    roles: Number(roles.n),
    depts: Number(deptCount.n),
    signInsToday: todays.ok,
    signInFailuresToday: todays.failed,
    activeSessions: Number(sessions.n),
    unconfirmedMessages: await unconfirmedCount(db, p.userId),
    signInsByDay: [...byDay.entries()].map(([day, v]) => ({ day: dayLabel(day), ...v })),
    recentAudit: hasAnyPerm(p, PERMS.audit.list) ? await recentAudit(db, 10) : [],
  };
}
