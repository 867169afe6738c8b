import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PERMS, telemetryHistoryQuery, monitorEquipmentParams, monitorGatewayQuery, monitorGatewayStatsParams, monitorSensorQuery } from '@pdz/contracts';
import type { AppContext } from '../../../platform/context';
import { visibleCustomerIds } from '../../../platform/auth/asset-scope';
import { ok } from '../../../platform/http';
import { telDb } from '../../../telemetry/store/store';
import { gatewayStats } from '../../../telemetry/query/query.service';
import { writeAudit } from '../../../platform/audit';
import { badRequest } from '../../../platform/errors';
import { exportFileName, sendFile } from '../../../platform/xlsx';
import { historyWorkbook } from './history-export';
import { climateSensors, environmentSensors, equipmentDetail, gatewayList } from './environment.service';

/**
 * 温湿度监测, 环境监测 and 设备详情 (telemetry:data:query), 网关状态 (telemetry:gateway:stats). Data
 * scope by customer: lists hold only visible customers, a single id outside answers 404.
 */
export async function environmentRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = telDb(ctx);
  const tags = ['监控中心'];
  const scope = (req: FastifyRequest) => visibleCustomerIds(ctx.db, req.auth!);
  /** Ingest counters are kept in memory and written every second; write them now so totals are current. */
  const flushStats = async () => {
    if (ctx.telemetry?.stats.dirty) await ctx.telemetry.stats.persist();
  };

  app.get('/api/monitor/climate', { schema: { tags, summary: '温湿度监测', querystring: monitorSensorQuery }, config: { perm: PERMS.telemetry.query } }, async (req) =>
    ok(await climateSensors(db, ctx.dialect, await scope(req), req.query)),
  );

  app.get('/api/monitor/environment', { schema: { tags, summary: '环境监测', querystring: monitorSensorQuery }, config: { perm: PERMS.telemetry.query } }, async (req) =>
    ok(await environmentSensors(db, ctx.dialect, await scope(req), req.query)),
  );

  app.get('/api/monitor/equipment/:id', { schema: { tags, summary: '设备详情', params: monitorEquipmentParams }, config: { perm: PERMS.telemetry.query } }, async (req) =>
    ok(await equipmentDetail(db, await scope(req), req.params.id)),
  );

  // The history chart's series as xlsx (设备详情 › 导出); audited like every export.
  app.get('/api/monitor/history/export', { schema: { tags, summary: '导出历史数据', querystring: telemetryHistoryQuery }, config: { perm: PERMS.telemetry.query } }, async (req, reply) => {
    if (!ctx.telemetry) throw badRequest('遥测服务未启动');
    const { file, rows, resolution } = await historyWorkbook(db, ctx.telemetry.buckets, await scope(req), req.query, ctx.config.zoneOffsetMinutes);
    await writeAudit(ctx.db, req, { category: 'telemetry', action: '导出历史数据', detail: { pointIds: req.query.pointIds, from: req.query.from, to: req.query.to, resolution, rows } });
    return sendFile(reply, file, exportFileName('历史数据', ctx.config.zoneOffsetMinutes));
  });

  app.get('/api/monitor/gateways', { schema: { tags, summary: '网关状态', querystring: monitorGatewayQuery }, config: { perm: PERMS.telemetry.stats } }, async (req) => {
    await flushStats();
    return ok(await gatewayList(db, ctx.dialect, await scope(req), req.query));
  });

  app.get(
    '/api/monitor/gateways/:id/stats',
    { schema: { tags, summary: '网关接入统计', params: monitorGatewayStatsParams }, config: { perm: PERMS.telemetry.stats } },
    async (req) => {
      await flushStats();
      return ok(await gatewayStats(db, await scope(req), req.params.id, 500));
    },
  );
}
