import type { Kysely } from 'kysely';
import { WS_CLOSE_UNAUTHORIZED } from '@pdz/contracts';
import type { Database } from '../platform/db/schema';
import type { SessionPolicy } from '../platform/auth/sessions';
import { loadGrants, type Principal } from '../platform/auth/principal';
import { visibleCustomerIds } from '../platform/auth/asset-scope';
import type { Conn } from './conn';
import type { Hub } from './hub';

const IN_CHUNK = 500;

const sameScope = (a: Set<number> | null, b: Set<number> | null) => a === b || (!!a && !!b && a.size === b.size && [...a].every((x) => b.has(x)));

/**
 * Keeps open sockets honest about their session: a socket whose session ended (sign-out,
 * password change, disabled user, idle or absolute limit) is closed with 4401, and a changed data
 * scope drops the channels now outside it. Runs every minute and at once on `session.ended`.
 * Reads the session row without touching last_seen_at: an open socket alone does not keep a
 * session alive.
 */
export class SessionWatch {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly policy: SessionPolicy,
    private readonly hub: Hub,
    private readonly onError: (err: unknown) => void,
  ) {}

  async loadScope(conn: Conn, p: Pick<Principal, 'scopeDeptIds' | 'scopeSelfOnly' | 'userId'>) {
    const ids = await visibleCustomerIds(this.db, p);
    conn.visible = ids === null ? null : new Set(ids);
  }

  async check(onlyUserId?: number): Promise<void> {
    try {
      await this.run(onlyUserId);
    } catch (err) {
      this.onError(err);
    }
  }

  private async run(onlyUserId?: number) {
    const conns = [...this.hub.conns].filter((c) => !c.closed && (onlyUserId === undefined || c.userId === onlyUserId));
    if (!conns.length) return;
    const hashes = [...new Set(conns.map((c) => c.tokenHash))];
    const live = new Set<string>();
    const now = Date.now();
    for (let i = 0; i < hashes.length; i += IN_CHUNK) {
      const rows = await this.db
        .selectFrom('sys_session')
        .select(['token_hash', 'expires_at', 'last_seen_at'])
        .where('token_hash', 'in', hashes.slice(i, i + IN_CHUNK))
        .execute();
      for (const r of rows) if (now < r.expires_at && now - r.last_seen_at < this.policy.idleMinutes * 60_000) live.add(r.token_hash);
    }
    const scopes = new Map<number, Set<number> | null | 'gone'>();
    for (const conn of conns) {
      if (!live.has(conn.tokenHash)) {
        this.end(conn);
        continue;
      }
      let scope = scopes.get(conn.userId);
      if (scope === undefined) {
        const grants = await loadGrants(this.db, conn.userId);
        const ids = grants ? await visibleCustomerIds(this.db, grants) : null;
        scope = grants ? (ids === null ? null : new Set(ids)) : 'gone';
        scopes.set(conn.userId, scope);
      }
      if (scope === 'gone') {
        this.end(conn);
        continue;
      }
      if (!sameScope(conn.visible, scope)) {
        conn.visible = scope;
        this.hub.pruneScope(conn);
      }
    }
  }

  private end(conn: Conn) {
    conn.close(WS_CLOSE_UNAUTHORIZED, 'session ended');
    this.hub.remove(conn);
  }
}
