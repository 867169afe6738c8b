import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PERMS, monitorDeviceQuery, monitorStationParams, monitorStationQuery } from '@pdz/contracts';
import type { AppContext } from '../../../platform/context';
import { ok } from '../../../platform/http';
import { scopeOf } from '../../assets/equipment/access';
import { pageDevices } from './devices.service';
import { stationLayout } from './layout.service';
import { stationFigures } from './stations.service';

/**
 * 监控中心 overviews: 站点总览 (every station's figures), 实时监控 (one station's layout with key
 * values) and 设备总览 (equipment with comm state and key values). Read-only, so nothing is audited;
 * every call is limited to the customers of the caller's data scope.
 */
export async function overviewRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['监控中心'];
  const config = { perm: PERMS.telemetry.query };

  app.get('/api/monitor/stations', { schema: { tags, summary: '站点总览', querystring: monitorStationQuery }, config }, async (req) =>
    ok(await stationFigures(ctx, await scopeOf(ctx.db, req), req.query)),
  );

  app.get('/api/monitor/station/:id', { schema: { tags, summary: '站点实时监控', params: monitorStationParams }, config }, async (req) =>
    ok(await stationLayout(ctx, await scopeOf(ctx.db, req), req.params.id)),
  );

  app.get('/api/monitor/devices', { schema: { tags, summary: '设备总览', querystring: monitorDeviceQuery }, config }, async (req) =>
    ok(await pageDevices(ctx, await scopeOf(ctx.db, req), req.query)),
  );
}
