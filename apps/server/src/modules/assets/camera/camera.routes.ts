import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PERMS, cameraAddBody, cameraEditBody, cameraQuery, idList, idParam, type CameraRow } from '@pdz/contracts';
import type { AppContext } from '../../../platform/context';
import { ok } from '../../../platform/http';
import { EXPORT_MAX_ROWS, exportFileName, listWorkbook, sendFile, type XlsxColumn } from '../../../platform/xlsx';
import { assetAudited, scopeOf } from '../tree/site-access';
import { addCamera, editCamera, getCamera, listCameras, pageCameras, removeCameras } from './camera.service';

const removeQuery = z.object({ ids: idList('摄像头') });
const columns: XlsxColumn<CameraRow>[] = [
  { header: '摄像头编号', width: 14, value: (r) => r.code },
  { header: '摄像头名称', width: 22, value: (r) => r.name },
  { header: '所属站点', width: 22, value: (r) => r.stationName },
  { header: '所在柜体', width: 18, value: (r) => r.cabinetName },
  { header: '所属客户', width: 22, value: (r) => r.customerName },
  { header: '品牌', width: 12, value: (r) => r.brand },
  { header: 'IP地址', width: 16, value: (r) => r.ip },
  { header: '视频流地址', width: 40, value: (r) => r.streamUrl },
  { header: '备注', width: 20, value: (r) => r.remark },
];

/** Cameras (spec §7 "Camera": selectById, add, edit, remove?ids=, plus page list and export). */
export async function cameraRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const tags = ['摄像头'];
  const base = '/api/camera';
  const P = PERMS.camera;

  app.get(`${base}/pageList`, { schema: { tags, querystring: cameraQuery }, config: { perm: P.list } }, async (req) => ok(await pageCameras(ctx, await scopeOf(db, req), req.query)));
  app.get(`${base}/selectById/:id`, { schema: { tags, params: idParam }, config: { perm: [P.list, P.query] } }, async (req) => ok(await getCamera(ctx, await scopeOf(db, req), req.params.id)));

  app.get(`${base}/export`, { schema: { tags, querystring: cameraQuery }, config: { perm: P.export } }, async (req, reply) => {
    const rows = await listCameras(ctx, await scopeOf(db, req), req.query, EXPORT_MAX_ROWS);
    const data = await listWorkbook('摄像头', columns, rows);
    await assetAudited(db, req, '导出摄像头', `${rows.length} 个`, async (note) => void (note.detail = { filter: req.query }));
    return sendFile(reply, data, exportFileName('摄像头', ctx.config.zoneOffsetMinutes));
  });

  app.post(`${base}/add`, { schema: { tags, body: cameraAddBody }, config: { perm: P.add } }, async (req) => {
    const id = await assetAudited(db, req, '新增摄像头', req.body.code, async (note) => {
      note.detail = { ...req.body };
      return addCamera(db, await scopeOf(db, req), req.body);
    });
    return ok({ id });
  });

  app.post(`${base}/edit`, { schema: { tags, body: cameraEditBody }, config: { perm: P.edit } }, async (req) => {
    const { id, ...input } = req.body;
    await assetAudited(db, req, '修改摄像头', input.code, async (note) => {
      note.detail = { id, after: input };
      const before = await editCamera(db, await scopeOf(db, req), id, input);
      note.detail.before = { code: before.code, name: before.name, stationId: before.station_id, streamUrl: before.stream_url };
    });
    return ok(null);
  });

  app.get(`${base}/remove`, { schema: { tags, querystring: removeQuery }, config: { perm: P.remove } }, async (req) => {
    await assetAudited(db, req, '删除摄像头', req.query.ids.join(','), async (note) => {
      const removed = await removeCameras(db, await scopeOf(db, req), req.query.ids);
      note.target = removed.map((c) => c.code).join(',');
      note.detail = { cameras: removed.map((c) => ({ id: c.id, code: c.code, name: c.name, stationId: c.station_id })) };
    });
    return ok(null);
  });
}
