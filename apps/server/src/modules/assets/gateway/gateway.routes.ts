import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { GATEWAY_PROTOCOLS, PERMS, gatewayQuery, gatewayRotateBody, gatewaySaveBody, gatewayUpdateBody, idList, idParam, type GatewayRow } from '@pdz/contracts';
import type { AppContext } from '../../../platform/context';
import { ok } from '../../../platform/http';
import { EXPORT_MAX_ROWS, exportFileName, formatTime, listWorkbook, sendFile, type XlsxColumn } from '../../../platform/xlsx';
import { assetAudited, scopeOf } from '../tree/site-access';
import { getGateway, listGateways, pageGateways, removeGateways, rotateGatewaySecret, saveGateway, updateGateway } from './gateway.service';

const removeQuery = z.object({ ids: idList('网关') });
const columns = (zone: number): XlsxColumn<GatewayRow>[] => [
  { header: '网关编号', width: 18, value: (r) => r.code },
  { header: '网关名称', width: 22, value: (r) => r.name },
  { header: '所属站点', width: 22, value: (r) => r.stationName },
  { header: '所属客户', width: 22, value: (r) => r.customerName },
  { header: '型号', width: 14, value: (r) => r.model },
  { header: '生产厂家', width: 16, value: (r) => r.manufacturer },
  { header: 'IP地址', width: 16, value: (r) => r.ip },
  { header: '接入协议', width: 10, value: (r) => GATEWAY_PROTOCOLS.find((p) => p.value === r.protocol)?.label ?? r.protocol },
  { header: '上报周期(秒)', width: 12, value: (r) => r.reportIntervalS },
  { header: '在线', width: 8, value: (r) => (r.online ? '在线' : '离线') },
  { header: '最后上报', width: 18, value: (r) => formatTime(r.lastSeenAt, zone) },
  { header: '设备数', width: 8, value: (r) => r.equipmentCount },
];

/** Gateways (spec §7 "Gateway", under /api/pdfznjkpt/gateway). Secrets are answered once, never stored. */
export async function gatewayRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const tags = ['采集网关'];
  const base = '/api/pdfznjkpt/gateway';
  const P = PERMS.gateway;

  app.post(`${base}/select`, { schema: { tags, body: gatewayQuery }, config: { perm: P.list } }, async (req) => ok(await pageGateways(ctx, await scopeOf(db, req), req.body)));
  app.get(`${base}/selectById/:id`, { schema: { tags, params: idParam }, config: { perm: [P.list, P.query] } }, async (req) => ok(await getGateway(ctx, await scopeOf(db, req), req.params.id)));

  app.get(`${base}/export`, { schema: { tags, querystring: gatewayQuery }, config: { perm: P.export } }, async (req, reply) => {
    const rows = await listGateways(ctx, await scopeOf(db, req), req.query, EXPORT_MAX_ROWS);
    const data = await listWorkbook('网关', columns(ctx.config.zoneOffsetMinutes), rows);
    await assetAudited(db, req, '导出网关', `${rows.length} 个`, async (note) => void (note.detail = { filter: req.query }));
    return sendFile(reply, data, exportFileName('网关', ctx.config.zoneOffsetMinutes));
  });

  app.post(`${base}/save`, { schema: { tags, body: gatewaySaveBody }, config: { perm: P.add } }, async (req, reply) => {
    const result = await assetAudited(db, req, '新增网关', req.body.code, async (note) => {
      note.detail = { ...req.body };
      return saveGateway(db, await scopeOf(db, req), req.body);
    });
    reply.header('cache-control', 'no-store');
    return ok(result);
  });

  app.post(`${base}/update`, { schema: { tags, body: gatewayUpdateBody }, config: { perm: P.edit } }, async (req) => {
    const { id, ...input } = req.body;
    await assetAudited(db, req, '修改网关', input.code, async (note) => {
      note.detail = { id, after: input };
      const before = await updateGateway(db, await scopeOf(db, req), id, input);
      note.detail.before = { code: before.code, name: before.name, stationId: before.station_id };
    });
    return ok(null);
  });

  app.post(`${base}/rotateSecret`, { schema: { tags, body: gatewayRotateBody }, config: { perm: P.secret } }, async (req, reply) => {
    const result = await assetAudited(db, req, '重置网关密钥', String(req.body.id), async (note) => {
      const r = await rotateGatewaySecret(db, await scopeOf(db, req), req.body.id);
      note.target = r.code;
      note.detail = { id: r.id, rotatedAt: r.secretRotatedAt };
      return { id: r.id, code: r.code, secret: r.secret, secretRotatedAt: r.secretRotatedAt };
    });
    reply.header('cache-control', 'no-store');
    return ok(result);
  });

  app.get(`${base}/delete`, { schema: { tags, querystring: removeQuery }, config: { perm: P.remove } }, async (req) => {
    await assetAudited(db, req, '删除网关', req.query.ids.join(','), async (note) => {
      const removed = await removeGateways(db, await scopeOf(db, req), req.query.ids);
      note.target = removed.map((g) => g.code).join(',');
      note.detail = { gateways: removed.map((g) => ({ id: g.id, code: g.code, name: g.name, stationId: g.station_id })) };
    });
    return ok(null);
  });
}
