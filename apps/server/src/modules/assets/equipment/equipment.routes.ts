import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PERMS, equipmentAddBody, equipmentBaseInfosQuery, equipmentEditBody, equipmentQuery, equipmentRemoveQuery, idParam } from '@pdz/contracts';
import type { AppContext } from '../../../platform/context';
import { ok } from '../../../platform/http';
import { badRequest } from '../../../platform/errors';
import { writeAudit } from '../../../platform/audit';
import { auditAsset, scopeOf } from './access';
import { addEquipment, baseInfos, editEquipment, getEquipment, listEquipment, pageEquipment, removeEquipment } from './equipment.service';
import { equipmentWorkbook } from './equipment.export';
import { EXPORT_MAX_ROWS, exportFileName, sendFile } from '../../../platform/xlsx';
import { equipmentTemplate } from './equipment.template';
import { ImportRejected, importEquipment } from './equipment.import';

/** Monitored equipment (spec §7 "Monitored equipment", under /api/pdfznjkpt/bjequipment). */
export async function equipmentRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const tags = ['监测设备'];
  const base = '/api/pdfznjkpt/bjequipment';
  const P = PERMS.equipment;

  app.get(`${base}/getById/:id`, { schema: { tags, params: idParam }, config: { perm: [P.list, P.query] } }, async (req) =>
    ok(await getEquipment(db, await scopeOf(db, req), req.params.id)),
  );

  app.post(`${base}/pageList`, { schema: { tags, body: equipmentQuery }, config: { perm: P.list } }, async (req) => ok(await pageEquipment(ctx, await scopeOf(db, req), req.body)));

  app.get(`${base}/export`, { schema: { tags, querystring: equipmentQuery }, config: { perm: P.export } }, async (req, reply) => {
    const rows = await listEquipment(ctx, await scopeOf(db, req), req.query, EXPORT_MAX_ROWS);
    const data = await equipmentWorkbook(rows, ctx.config.zoneOffsetMinutes);
    await auditAsset(db, req, '导出设备', `${rows.length} 台`);
    return sendFile(reply, data, exportFileName('设备', ctx.config.zoneOffsetMinutes));
  });

  app.get(
    `${base}/getEquipmentBaseInfos`,
    { schema: { tags, querystring: equipmentBaseInfosQuery }, config: { perm: [P.list, P.query, PERMS.point.list, PERMS.alarmConfig.query] } },
    async (req) => ok(await baseInfos(db, await scopeOf(db, req), req.query.ids)),
  );

  app.post(`${base}/add`, { schema: { tags, body: equipmentAddBody }, config: { perm: P.add } }, async (req) => {
    const r = await addEquipment(db, await scopeOf(db, req), req.body);
    await auditAsset(db, req, '新增设备', req.body.code, { ...req.body, points: r.points });
    return ok(r);
  });

  app.post(`${base}/edit`, { schema: { tags, body: equipmentEditBody }, config: { perm: P.edit } }, async (req) => {
    const r = await editEquipment(db, await scopeOf(db, req), req.body);
    await auditAsset(db, req, '修改设备', req.body.code, {
      before: { code: r.before.code, name: r.before.name, stationId: r.before.station_id, gatewayId: r.before.gateway_id, modelId: r.before.model_id },
      after: req.body,
      pointsRebuilt: r.pointsRebuilt,
      rulesMoved: r.rulesMoved,
    });
    if (r.pointsRebuilt) ctx.bus.emit('alarmrule.changed', { equipmentId: req.body.id });
    return ok(null);
  });

  app.get(`${base}/remove`, { schema: { tags, querystring: equipmentRemoveQuery }, config: { perm: P.remove } }, async (req) => {
    const r = await removeEquipment(db, await scopeOf(db, req), req.query.id);
    await auditAsset(db, req, '删除设备', r.equipment.code, { name: r.equipment.name, points: r.points, rules: r.rules, alarmConfigs: r.alarms });
    ctx.bus.emit('alarmrule.changed', { equipmentId: req.query.id });
    return ok(null);
  });

  app.get(`${base}/importTemplate`, { schema: { tags }, config: { perm: [P.import, P.add] } }, async (req, reply) => {
    const data = await equipmentTemplate(db, await scopeOf(db, req));
    return sendFile(reply, data, '设备导入模板.xlsx');
  });

  app.post(`${base}/equipmentExcelImport`, { schema: { tags }, config: { perm: P.import } }, async (req, reply) => {
    if (!req.isMultipart()) throw badRequest('请选择要导入的 .xlsx 文件');
    const part = await req.file();
    if (!part) throw badRequest('请选择要导入的 .xlsx 文件');
    const data = await part.toBuffer();
    if (!data.length) throw badRequest('上传的文件为空');
    if (!/\.xlsx$/i.test(part.filename)) throw badRequest('只支持 .xlsx 格式的文件，请使用下载的导入模板');
    try {
      const r = await importEquipment(db, await scopeOf(db, req), data);
      await auditAsset(db, req, '导入设备', part.filename, { imported: r.imported, points: r.points, codes: r.codes.slice(0, 100) });
      return ok({ imported: r.imported, points: r.points });
    } catch (err) {
      if (!(err instanceof ImportRejected)) throw err;
      await writeAudit(db, req, { category: 'asset', action: '导入设备', target: part.filename, ok: false, detail: { errors: err.errors.slice(0, 50) } });
      return reply.status(400).send({ code: 400, msg: err.message, message: err.message, data: { errors: err.errors } });
    }
  });
}
