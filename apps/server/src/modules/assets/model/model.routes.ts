import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PERMS, type EquipmentModelRow, idParam, modelAddBody, modelEditBody, modelPointTreeQuery, modelPointsSaveBody, modelQuery, modelRemoveQuery } from '@pdz/contracts';
import type { AppContext } from '../../../platform/context';
import { ok } from '../../../platform/http';
import { auditAsset, scopeOf } from '../equipment/access';
import { EXPORT_MAX_ROWS, exportFileName, formatTime, listWorkbook, sendFile, type XlsxColumn } from '../../../platform/xlsx';
import { addModel, editModel, getModel, listModels, modelPointTree, pageModels, removeModel, saveModelPoints } from './model.service';

const columns = (zone: number): XlsxColumn<EquipmentModelRow>[] => [
  { header: '型号编码', width: 18, value: (r) => r.code },
  { header: '型号名称', width: 24, value: (r) => r.name },
  { header: '设备类型', width: 14, value: (r) => r.equipmentTypeName },
  { header: '生产厂家', width: 20, value: (r) => r.manufacturer },
  { header: '标准测点数', width: 10, value: (r) => r.pointCount },
  { header: '来源', width: 8, value: (r) => (r.builtIn ? '内置' : '自定义') },
  { header: '说明', width: 36, value: (r) => r.description },
  { header: '创建时间', width: 18, value: (r) => formatTime(r.createdAt, zone) },
];

/** Equipment models (型号) and their standard point sets (spec §7 "Equipment model"). */
export async function modelRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const tags = ['设备型号'];
  const base = '/api/pdfznjkpt/bjxh';
  // The equipment form picks a model, so equipment readers may list models too.
  const read = { perm: [PERMS.model.list, PERMS.model.query, PERMS.equipment.list, PERMS.equipment.add] };

  app.post(`${base}/select`, { schema: { tags, body: modelQuery }, config: read }, async (req) => ok(await pageModels(ctx, req.body)));
  app.get(`${base}/getById/:id`, { schema: { tags, params: idParam }, config: read }, async (req) => ok(await getModel(db, req.params.id)));

  // A GET with the list's filters in the query string, like the other exports (the list itself is a POST).
  app.get(`${base}/export`, { schema: { tags, querystring: modelQuery }, config: { perm: PERMS.model.export } }, async (req, reply) => {
    const rows = await listModels(ctx, req.query, EXPORT_MAX_ROWS);
    const data = await listWorkbook('设备型号', columns(ctx.config.zoneOffsetMinutes), rows);
    await auditAsset(db, req, '导出设备型号', `${rows.length} 个`, { filter: req.query });
    return sendFile(reply, data, exportFileName('设备型号', ctx.config.zoneOffsetMinutes));
  });

  app.post(`${base}/add`, { schema: { tags, body: modelAddBody }, config: { perm: PERMS.model.add } }, async (req) => {
    const id = await addModel(db, req.body);
    await auditAsset(db, req, '新增设备型号', req.body.code, { name: req.body.name, equipmentType: req.body.equipmentType, points: req.body.points.length });
    return ok({ id });
  });

  app.post(`${base}/edit`, { schema: { tags, body: modelEditBody }, config: { perm: PERMS.model.edit } }, async (req) => {
    const { before } = await editModel(db, await scopeOf(db, req), req.body);
    await auditAsset(db, req, '修改设备型号', req.body.code, { before: { code: before.code, name: before.name, equipmentType: before.equipmentType }, after: req.body });
    return ok(null);
  });

  app.post(`${base}/savePoints`, { schema: { tags, body: modelPointsSaveBody }, config: { perm: PERMS.model.edit } }, async (req) => {
    const r = await saveModelPoints(db, req.body.modelId, req.body.points);
    await auditAsset(db, req, '修改型号测点', r.model.code, { added: r.added, updated: r.updated, removed: r.removed });
    return ok(await getModel(db, req.body.modelId));
  });

  app.get(`${base}/remove`, { schema: { tags, querystring: modelRemoveQuery }, config: { perm: PERMS.model.remove } }, async (req) => {
    const m = await removeModel(db, await scopeOf(db, req), req.query.id);
    await auditAsset(db, req, '删除设备型号', m.code, { name: m.name });
    return ok(null);
  });

  app.get(
    '/api/bjPoint/bjxhPointTreeData',
    { schema: { tags, querystring: modelPointTreeQuery }, config: { perm: [PERMS.model.list, PERMS.equipment.list, PERMS.point.list, PERMS.alarmConfig.query] } },
    async (req) => ok(await modelPointTree(db, req.query.id)),
  );
}
