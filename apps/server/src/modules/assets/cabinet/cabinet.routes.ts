import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PERMS, cabinetAddBody, cabinetEditBody, cabinetQuery, idList, idParam, type CabinetRow } from '@pdz/contracts';
import type { AppContext } from '../../../platform/context';
import { ok } from '../../../platform/http';
import { EXPORT_MAX_ROWS, exportFileName, listWorkbook, sendFile, type XlsxColumn } from '../../../platform/xlsx';
import { assetAudited, scopeOf } from '../tree/site-access';
import { addCabinet, editCabinet, getCabinet, listCabinets, pageCabinets, removeCabinets } from './cabinet.service';

const removeQuery = z.object({ ids: idList('柜体') });
const columns: XlsxColumn<CabinetRow>[] = [
  { header: '柜体编号', width: 12, value: (r) => r.code },
  { header: '柜体名称', width: 22, value: (r) => r.name },
  { header: '柜体类型', width: 12, value: (r) => r.cabinetTypeName },
  { header: '所属站点', width: 22, value: (r) => r.stationName },
  { header: '所属间隔', width: 18, value: (r) => r.bayName },
  { header: '所属客户', width: 22, value: (r) => r.customerName },
  { header: '电压等级', width: 10, value: (r) => (r.voltageLevel ? `${r.voltageLevel}kV` : '') },
  { header: '柜体型号', width: 14, value: (r) => r.model },
  { header: '生产厂家', width: 18, value: (r) => r.manufacturer },
  { header: '投运日期', width: 12, value: (r) => r.commissionDate },
  { header: '设备数', width: 8, value: (r) => r.equipmentCount },
];

/** Cabinets (spec §7 "Cabinet": add, edit, pg/{id}, remove?ids=, plus page list and export). */
export async function cabinetRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const tags = ['柜体'];
  const base = '/api/cabinet';
  const P = PERMS.cabinet;

  app.get(`${base}/pageList`, { schema: { tags, querystring: cabinetQuery }, config: { perm: P.list } }, async (req) => ok(await pageCabinets(ctx, await scopeOf(db, req), req.query)));
  app.get(`${base}/pg/:id`, { schema: { tags, params: idParam }, config: { perm: [P.list, P.query] } }, async (req) => ok(await getCabinet(ctx, await scopeOf(db, req), req.params.id)));

  app.get(`${base}/export`, { schema: { tags, querystring: cabinetQuery }, config: { perm: P.export } }, async (req, reply) => {
    const rows = await listCabinets(ctx, await scopeOf(db, req), req.query, EXPORT_MAX_ROWS);
    const data = await listWorkbook('柜体', columns, rows);
    await assetAudited(db, req, '导出柜体', `${rows.length} 台`, async (note) => void (note.detail = { filter: req.query }));
    return sendFile(reply, data, exportFileName('柜体', ctx.config.zoneOffsetMinutes));
  });

  app.post(`${base}/add`, { schema: { tags, body: cabinetAddBody }, config: { perm: P.add } }, async (req) => {
    const id = await assetAudited(db, req, '新增柜体', req.body.code, async (note) => {
      note.detail = { ...req.body };
      return addCabinet(db, await scopeOf(db, req), req.body);
    });
    return ok({ id });
  });

  app.post(`${base}/edit`, { schema: { tags, body: cabinetEditBody }, config: { perm: P.edit } }, async (req) => {
    const { id, ...input } = req.body;
    await assetAudited(db, req, '修改柜体', input.code, async (note) => {
      note.detail = { id, after: input };
      const before = await editCabinet(db, await scopeOf(db, req), id, input);
      note.detail.before = { code: before.code, name: before.name, bayId: before.bay_id, cabinetType: before.cabinet_type };
    });
    return ok(null);
  });

  app.get(`${base}/remove`, { schema: { tags, querystring: removeQuery }, config: { perm: P.remove } }, async (req) => {
    await assetAudited(db, req, '删除柜体', req.query.ids.join(','), async (note) => {
      const removed = await removeCabinets(db, await scopeOf(db, req), req.query.ids);
      note.target = removed.map((c) => c.code).join(',');
      note.detail = { cabinets: removed.map((c) => ({ id: c.id, code: c.code, name: c.name, stationId: c.station_id })) };
    });
    return ok(null);
  });
}
