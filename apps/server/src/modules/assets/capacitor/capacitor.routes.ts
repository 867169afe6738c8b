import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CAPACITOR_CONNECTIONS, PERMS, type CapacitorRow, capacitorAddBody, capacitorEditBody, capacitorQuery, capacitorRemoveQuery, idParam } from '@pdz/contracts';
import type { AppContext } from '../../../platform/context';
import { ok } from '../../../platform/http';
import { auditAsset, scopeOf } from '../equipment/access';
import { EXPORT_MAX_ROWS, exportFileName, formatTime, listWorkbook, sendFile, type XlsxColumn } from '../../../platform/xlsx';
import { addCapacitor, editCapacitor, getCapacitor, listCapacitors, pageCapacitors, removeCapacitor } from './capacitor.service';

const columns = (zone: number): XlsxColumn<CapacitorRow>[] => [
  { header: '电容器编号', width: 14, value: (r) => r.code },
  { header: '电容器名称', width: 22, value: (r) => r.name },
  { header: '所属站点', width: 22, value: (r) => r.stationName },
  { header: '柜体', width: 16, value: (r) => r.cabinetName },
  { header: '补偿控制器', width: 20, value: (r) => r.equipmentName },
  { header: '补偿容量(kvar)', width: 14, value: (r) => r.capacityKvar },
  { header: '投切组数', width: 10, value: (r) => r.steps },
  { header: '单组容量(kvar)', width: 14, value: (r) => r.stepKvar },
  { header: '额定电压(kV)', width: 12, value: (r) => r.ratedVoltageKv },
  { header: '接线方式', width: 10, value: (r) => CAPACITOR_CONNECTIONS.find((c) => c.value === r.connection)?.label ?? r.connection },
  { header: '生产厂家', width: 18, value: (r) => r.manufacturer },
  { header: '安装日期', width: 12, value: (r) => r.installDate },
  { header: '备注', width: 24, value: (r) => r.remark },
  { header: '创建时间', width: 18, value: (r) => formatTime(r.createdAt, zone) },
];

/** Capacitor banks (spec §7 "Capacitor", under /api/pdfznjkpt/tfcapacitor). */
export async function capacitorRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const tags = ['电容器'];
  const base = '/api/pdfznjkpt/tfcapacitor';
  const P = PERMS.capacitor;

  app.get(`${base}/getById/:id`, { schema: { tags, params: idParam }, config: { perm: [P.list, P.query] } }, async (req) =>
    ok(await getCapacitor(db, await scopeOf(db, req), req.params.id)),
  );
  app.get(`${base}/list`, { schema: { tags, querystring: capacitorQuery }, config: { perm: P.list } }, async (req) => ok(await pageCapacitors(ctx, await scopeOf(db, req), req.query)));

  app.get(`${base}/export`, { schema: { tags, querystring: capacitorQuery }, config: { perm: P.export } }, async (req, reply) => {
    const rows = await listCapacitors(ctx, await scopeOf(db, req), req.query, EXPORT_MAX_ROWS);
    const data = await listWorkbook('电容器', columns(ctx.config.zoneOffsetMinutes), rows);
    await auditAsset(db, req, '导出电容器', `${rows.length} 个`, { filter: req.query });
    return sendFile(reply, data, exportFileName('电容器', ctx.config.zoneOffsetMinutes));
  });

  app.post(`${base}/add`, { schema: { tags, body: capacitorAddBody }, config: { perm: P.add } }, async (req) => {
    const id = await addCapacitor(db, await scopeOf(db, req), req.body);
    await auditAsset(db, req, '新增电容器', req.body.code, req.body);
    return ok({ id });
  });

  app.post(`${base}/edit`, { schema: { tags, body: capacitorEditBody }, config: { perm: P.edit } }, async (req) => {
    const before = await editCapacitor(db, await scopeOf(db, req), req.body);
    await auditAsset(db, req, '修改电容器', req.body.code, { before, after: req.body });
    return ok(null);
  });

  app.get(`${base}/remove`, { schema: { tags, querystring: capacitorRemoveQuery }, config: { perm: P.remove } }, async (req) => {
    const before = await removeCapacitor(db, await scopeOf(db, req), req.query.id);
    await auditAsset(db, req, '删除电容器', before.code, before);
    return ok(null);
  });
}
