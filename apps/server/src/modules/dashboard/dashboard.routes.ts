import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/http';
import { dashboardSummary } from './dashboard.service';

/** The home page's platform figures. */
export async function dashboardRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get('/api/dashboard/summary', { schema: { tags: ['首页'] }, config: { signedIn: true } }, async (req) => ok(await dashboardSummary(ctx, req.auth!)));
}
