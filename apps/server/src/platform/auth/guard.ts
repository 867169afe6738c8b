import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { forbidden, unauthorized } from '../errors';
import { findLiveSession, tokenFromHeader, type SessionPolicy } from './sessions';
import { hasAnyPerm, loadGrants, type Principal } from './principal';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Open to visitors (sign-in, SMS, static). */
    public?: boolean;
    /** Any signed-in user. */
    signedIn?: boolean;
    /** Signed in and holding any of these permission codes. */
    perm?: string | string[];
  }
  interface FastifyRequest {
    auth: Principal | null;
  }
}

const GUARDED_PREFIXES = ['/api/', '/admin/', '/ignore/', '/common/'];

/**
 * Every API route must say who may call it; a route that says nothing fails at start-up
 * rather than being open by accident.
 */
export function installAuthGuard(app: FastifyInstance, db: Kysely<Database>, policy: SessionPolicy) {
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    if (!GUARDED_PREFIXES.some((p) => route.url.startsWith(p))) return;
    const c = (route.config ?? {}) as { public?: boolean; signedIn?: boolean; perm?: unknown };
    if (!c.public && !c.signedIn && !c.perm) {
      throw new Error(`路由 ${route.method} ${route.url} 没有声明访问权限（public / signedIn / perm）`);
    }
  });

  app.addHook('onRequest', async (req) => {
    const c = req.routeOptions.config ?? {};
    const token = tokenFromHeader(req.headers.authorization) ?? queryToken(req);
    if (token) req.auth = await principalFor(db, policy, token);
    if (c.public) return;
    if (!c.signedIn && !c.perm) return; // not an API route (static files, docs)
    if (!req.auth) throw unauthorized();
    if (c.perm && !hasAnyPerm(req.auth, c.perm)) throw forbidden();
  });
}

/** The websocket passes its token in the query (spec §7 "a websocket with a token query"). */
function queryToken(req: FastifyRequest): string | null {
  if (!req.url.startsWith('/ws')) return null;
  const q = req.query as { token?: string } | undefined;
  return typeof q?.token === 'string' && q.token ? q.token : null;
}

export async function principalFor(db: Kysely<Database>, policy: SessionPolicy, token: string): Promise<Principal | null> {
  const session = await findLiveSession(db, policy, token);
  if (!session) return null;
  const grants = await loadGrants(db, session.userId);
  if (!grants) return null;
  return { ...grants, tokenHash: session.tokenHash, module: session.module };
}
