import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PERMS, gatewayStatsParams, gatewayStatsQuery, telemetryHistoryQuery, telemetryLatestQuery } from '@pdz/contracts';
import type { AppContext } from '../../platform/context';
import { visibleCustomerIds } from '../../platform/auth/asset-scope';
import { ok } from '../../platform/http';
import { telDb } from '../store/store';
import type { Buckets } from '../rollup/buckets';
import { gatewayStats, history, latestValues } from './query.service';

const scope = (ctx: AppContext, req: FastifyRequest) => visibleCustomerIds(ctx.db, req.auth!);

/**
 * Reading telemetry: any signed-in user, limited to the customers of their data scope (ids of
 * another customer's points answer 404). The gateway page's counters need the gateway list
 * permission.
 */
export async function telemetryQueryRoutes(root: FastifyInstance, ctx: AppContext, deps: { buckets: Buckets; persistStats: () => Promise<void> }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = telDb(ctx);
  const tags = ['遥测数据'];

  app.get('/api/telemetry/latest', { schema: { tags, summary: '最新值', querystring: telemetryLatestQuery }, config: { signedIn: true } }, async (req) =>
    ok(await latestValues(db, await scope(ctx, req), req.query)),
  );

  app.get('/api/telemetry/history', { schema: { tags, summary: '历史曲线', querystring: telemetryHistoryQuery }, config: { signedIn: true } }, async (req) =>
    ok(await history(db, deps.buckets, await scope(ctx, req), req.query)),
  );

  app.get(
    '/api/telemetry/gateways/:id/stats',
    { schema: { tags, summary: '网关接入统计', params: gatewayStatsParams, querystring: gatewayStatsQuery }, config: { perm: PERMS.gateway.list } },
    async (req) => {
      await deps.persistStats();
      return ok(await gatewayStats(db, await scope(ctx, req), req.params.id, req.query.limit));
    },
  );
}
