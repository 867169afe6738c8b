import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { overviewRoutes } from './overview/overview.routes';
import { environmentRoutes } from './environment/environment.routes';

/** 监控中心 reads: station/equipment overviews with live state, and the climate/environment sensors. */
export async function monitorRoutes(app: FastifyInstance, ctx: AppContext) {
  await overviewRoutes(app, ctx);
  await environmentRoutes(app, ctx);
}
