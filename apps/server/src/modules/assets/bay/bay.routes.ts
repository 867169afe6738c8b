import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PERMS, bayAddBody, bayEditBody, bayQuery, idList, idParam, type BayRow } from '@pdz/contracts';
import type { AppContext } from '../../../platform/context';
import { ok } from '../../../platform/http';
import { EXPORT_MAX_ROWS, exportFileName, listWorkbook, sendFile, type XlsxColumn } from '../../../platform/xlsx';
import { assetAudited, scopeOf } from '../tree/site-access';
import { addBay, editBay, getBay, listBays, pageBays, removeBays } from './bay.service';

const removeQuery = z.object({ ids: idList('间隔') });
const columns: XlsxColumn<BayRow>[] = [
  { header: '间隔编号', width: 14, value: (r) => r.code },
  { header: '间隔名称', width: 24, value: (r) => r.name },
  { header: '所属站点', width: 24, value: (r) => r.stationName },
  { header: '所属客户', width: 24, value: (r) => r.customerName },
  { header: '电压等级', width: 10, value: (r) => (r.voltageLevel ? `${r.voltageLevel}kV` : '') },
  { header: '柜体数', width: 8, value: (r) => r.cabinetCount },
  { header: '备注', width: 24, value: (r) => r.remark },
];

/** Bays (spec §7 "Bay": same pattern as camera). */
export async function bayRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const tags = ['间隔'];
  const base = '/api/bay';
  const P = PERMS.bay;

  app.get(`${base}/pageList`, { schema: { tags, querystring: bayQuery }, config: { perm: P.list } }, async (req) => ok(await pageBays(ctx, await scopeOf(db, req), req.query)));
  app.get(`${base}/selectById/:id`, { schema: { tags, params: idParam }, config: { perm: [P.list, P.query] } }, async (req) => ok(await getBay(ctx, await scopeOf(db, req), req.params.id)));

  app.get(`${base}/export`, { schema: { tags, querystring: bayQuery }, config: { perm: P.export } }, async (req, reply) => {
    const rows = await listBays(ctx, await scopeOf(db, req), req.query, EXPORT_MAX_ROWS);
    const data = await listWorkbook('间隔', columns, rows);
    await assetAudited(db, req, '导出间隔', `${rows.length} 个`, async (note) => void (note.detail = { filter: req.query }));
    return sendFile(reply, data, exportFileName('间隔', ctx.config.zoneOffsetMinutes));
  });

  app.post(`${base}/add`, { schema: { tags, body: bayAddBody }, config: { perm: P.add } }, async (req) => {
    const id = await assetAudited(db, req, '新增间隔', req.body.code, async (note) => {
      note.detail = { ...req.body };
      return addBay(db, await scopeOf(db, req), req.body);
    });
    return ok({ id });
  });

  app.post(`${base}/edit`, { schema: { tags, body: bayEditBody }, config: { perm: P.edit } }, async (req) => {
    const { id, ...input } = req.body;
    await assetAudited(db, req, '修改间隔', input.code, async (note) => {
      note.detail = { id, after: input };
      const before = await editBay(db, await scopeOf(db, req), id, input);
      note.detail.before = { code: before.code, name: before.name };
    });
    return ok(null);
  });

  app.get(`${base}/remove`, { schema: { tags, querystring: removeQuery }, config: { perm: P.remove } }, async (req) => {
    await assetAudited(db, req, '删除间隔', req.query.ids.join(','), async (note) => {
      const removed = await removeBays(db, await scopeOf(db, req), req.query.ids);
      note.target = removed.map((b) => b.code).join(',');
      note.detail = { bays: removed.map((b) => ({ id: b.id, code: b.code, name: b.name, stationId: b.station_id })) };
    });
    return ok(null);
  });
}
