import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { overviewRoutes } from './overview/overview.routes';
import { environmentRoutes } from './environment/environment.routes';
import { linkRoutes } from './links/links.routes';

/** 监控中心 reads: station/equipment overviews with live state, the climate/environment sensors, and 通信管理 (gateways, 弱网优化). */
export async function monitorRoutes(app: FastifyInstance, ctx: AppContext) {
  await overviewRoutes(app, ctx);
  await environmentRoutes(app, ctx);
  await linkRoutes(app, ctx);
}
