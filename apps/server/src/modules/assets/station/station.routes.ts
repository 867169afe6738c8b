import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PERMS, idList, idParam, stationAddBody, stationEditBody, stationQuery, type StationRow } from '@pdz/contracts';
import type { AppContext } from '../../../platform/context';
import { ok } from '../../../platform/http';
import { EXPORT_MAX_ROWS, exportFileName, formatTime, listWorkbook, sendFile, type XlsxColumn } from '../../../platform/xlsx';
import { assetAudited, scopeOf } from '../tree/site-access';
import { addStation, editStation, getStation, listStations, pageStations, removeStations } from './station.service';
import { stationLedgerPdf } from './station.pdf';

const removeQuery = z.object({ ids: idList('站点') });

const columns = (zone: number): XlsxColumn<StationRow>[] => [
  { header: '站点编号', width: 14, value: (r) => r.code },
  { header: '站点名称', width: 24, value: (r) => r.name },
  { header: '所属客户', width: 24, value: (r) => r.customerName },
  { header: '站点类型', width: 12, value: (r) => r.stationTypeName },
  { header: '电压等级', width: 10, value: (r) => (r.voltageLevel ? `${r.voltageLevel}kV` : '') },
  { header: '装机容量(kVA)', width: 14, value: (r) => r.capacityKva },
  { header: '城市', width: 10, value: (r) => r.city },
  { header: '地址', width: 32, value: (r) => r.address },
  { header: '经度', width: 12, value: (r) => r.longitude },
  { header: '纬度', width: 12, value: (r) => r.latitude },
  { header: '投运日期', width: 12, value: (r) => r.commissionDate },
  { header: '运行状态', width: 10, value: (r) => r.statusName },
  { header: '柜体数', width: 8, value: (r) => r.cabinetCount },
  { header: '网关数', width: 8, value: (r) => r.gatewayCount },
  { header: '设备数', width: 8, value: (r) => r.equipmentCount },
  { header: '联系人', width: 10, value: (r) => r.contact },
  { header: '联系电话', width: 14, value: (r) => r.phone },
  { header: '创建时间', width: 18, value: (r) => formatTime(r.createdAt, zone) },
];

/** Stations (spec §7 "Station", plus page list, getById and export for the station list). */
export async function stationRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const tags = ['站点'];
  const base = '/api/station';
  const P = PERMS.station;

  app.get(`${base}/pageList`, { schema: { tags, querystring: stationQuery }, config: { perm: P.list } }, async (req) => ok(await pageStations(ctx, await scopeOf(db, req), req.query)));
  app.get(`${base}/getById/:id`, { schema: { tags, params: idParam }, config: { perm: [P.list, P.query] } }, async (req) => ok(await getStation(ctx, await scopeOf(db, req), req.params.id)));

  app.get(`${base}/export`, { schema: { tags, querystring: stationQuery }, config: { perm: P.export } }, async (req, reply) => {
    const rows = await listStations(ctx, await scopeOf(db, req), req.query, EXPORT_MAX_ROWS);
    const data = await listWorkbook('站点', columns(ctx.config.zoneOffsetMinutes), rows);
    await assetAudited(db, req, '导出站点', `${rows.length} 个`, async (note) => void (note.detail = { filter: req.query }));
    return sendFile(reply, data, exportFileName('站点', ctx.config.zoneOffsetMinutes));
  });

  app.get(`${base}/pdf/:id`, { schema: { tags, params: idParam }, config: { perm: [P.list, P.query, P.export] } }, async (req, reply) => {
    const file = await stationLedgerPdf(ctx, await scopeOf(db, req), req.params.id);
    await assetAudited(db, req, '导出站点台账', String(req.params.id), async (note) => void (note.detail = { file: file.name, size: file.data.length }));
    return sendFile(reply, file.data, file.name, 'application/pdf');
  });

  app.post(`${base}/add`, { schema: { tags, body: stationAddBody }, config: { perm: P.add } }, async (req) => {
    const id = await assetAudited(db, req, '新增站点', req.body.code, async (note) => {
      note.detail = { ...req.body };
      return addStation(db, await scopeOf(db, req), req.body);
    });
    return ok({ id });
  });

  app.post(`${base}/edit`, { schema: { tags, body: stationEditBody }, config: { perm: P.edit } }, async (req) => {
    const { id, ...input } = req.body;
    await assetAudited(db, req, '修改站点', input.code, async (note) => {
      note.detail = { id, after: input };
      const before = await editStation(db, await scopeOf(db, req), id, input);
      note.detail.before = { code: before.code, name: before.name, longitude: before.longitude, latitude: before.latitude, status: before.status };
    });
    return ok(null);
  });

  app.get(`${base}/remove`, { schema: { tags, querystring: removeQuery }, config: { perm: P.remove } }, async (req) => {
    await assetAudited(db, req, '删除站点', req.query.ids.join(','), async (note) => {
      const removed = await removeStations(db, await scopeOf(db, req), req.query.ids);
      note.target = removed.map((s) => s.code).join(',');
      note.detail = { stations: removed.map((s) => ({ id: s.id, code: s.code, name: s.name, customerId: s.customer_id })) };
    });
    return ok(null);
  });
}
