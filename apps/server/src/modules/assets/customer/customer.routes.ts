import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CUSTOMER_IMAGE_MAX_BYTES, PERMS, customerAddBody, customerEditBody, customerQuery, idList, idParam, type CustomerRow } from '@pdz/contracts';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context';
import { ok } from '../../../platform/http';
import { AppError, badRequest } from '../../../platform/errors';
import { sniffImage } from '../../user/user.profile';
import { EXPORT_MAX_ROWS, exportFileName, formatTime, listWorkbook, sendFile, type XlsxColumn } from '../../../platform/xlsx';
import { assetAudited, loadCustomer, scopeOf } from '../tree/site-access';
import { addCustomer, customerTree, editCustomer, getCustomer, listCustomers, pageCustomers, removeCustomers, setCustomerImage } from './customer.service';

/** Every asset screen's customer/station picker reads this tree. */
export const ASSET_PICKER_PERMS = [
  PERMS.customer.list,
  PERMS.customer.query,
  PERMS.station.list,
  PERMS.bay.list,
  PERMS.cabinet.list,
  PERMS.camera.list,
  PERMS.gateway.list,
  PERMS.equipment.list,
  PERMS.capacitor.list,
  PERMS.assetTree.list,
];

const removeQuery = z.object({ ids: idList('客户') });

const columns = (zone: number): XlsxColumn<CustomerRow>[] => [
  { header: '客户编号', width: 16, value: (r) => r.code },
  { header: '客户名称', width: 28, value: (r) => r.name },
  { header: '所属部门', width: 18, value: (r) => r.deptName },
  { header: '联系人', width: 12, value: (r) => r.contact },
  { header: '联系电话', width: 15, value: (r) => r.phone },
  { header: '地址', width: 36, value: (r) => r.address },
  { header: '站点数', width: 8, value: (r) => r.stationCount },
  { header: '状态', width: 8, value: (r) => (r.enabled ? '正常' : '停用') },
  { header: '备注', width: 24, value: (r) => r.remark },
  { header: '创建时间', width: 18, value: (r) => formatTime(r.createdAt, zone) },
];

/** Customers (spec §7 "Assets": /api/customer/…). */
export async function customerRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const tags = ['客户'];
  const base = '/api/customer';
  const P = PERMS.customer;

  app.get(`${base}/pageList`, { schema: { tags, querystring: customerQuery }, config: { perm: P.list } }, async (req) => ok(await pageCustomers(ctx, await scopeOf(db, req), req.query)));
  app.get(`${base}/selectById/:id`, { schema: { tags, params: idParam }, config: { perm: [P.list, P.query] } }, async (req) => ok(await getCustomer(ctx, await scopeOf(db, req), req.params.id)));
  app.get(`${base}/initTreeData`, { schema: { tags }, config: { perm: ASSET_PICKER_PERMS } }, async (req) => ok(await customerTree(db, await scopeOf(db, req))));

  app.get(`${base}/export`, { schema: { tags, querystring: customerQuery }, config: { perm: P.export } }, async (req, reply) => {
    const rows = await listCustomers(ctx, await scopeOf(db, req), req.query, EXPORT_MAX_ROWS);
    const data = await listWorkbook('客户', columns(ctx.config.zoneOffsetMinutes), rows);
    await assetAudited(db, req, '导出客户', `${rows.length} 个`, async (note) => void (note.detail = { filter: req.query }));
    return sendFile(reply, data, exportFileName('客户', ctx.config.zoneOffsetMinutes));
  });

  app.post(`${base}/add`, { schema: { tags, body: customerAddBody }, config: { perm: P.add } }, async (req) => {
    const id = await assetAudited(db, req, '新增客户', req.body.code, async (note) => {
      note.detail = { ...req.body };
      return addCustomer(db, req.auth!, req.body);
    });
    return ok({ id });
  });

  app.post(`${base}/edit`, { schema: { tags, body: customerEditBody }, config: { perm: P.edit } }, async (req) => {
    const { id, ...input } = req.body;
    await assetAudited(db, req, '修改客户', input.code, async (note) => {
      note.detail = { id, after: input };
      const before = await editCustomer(db, req.auth!, await scopeOf(db, req), id, input);
      note.detail.before = { code: before.code, name: before.name, deptId: before.dept_id };
    });
    return ok(null);
  });

  app.get(`${base}/remove`, { schema: { tags, querystring: removeQuery }, config: { perm: P.remove } }, async (req) => {
    await assetAudited(db, req, '删除客户', req.query.ids.join(','), async (note) => {
      const removed = await removeCustomers(db, await scopeOf(db, req), req.query.ids);
      note.target = removed.map((c) => c.code).join(',');
      note.detail = { customers: removed.map((c) => ({ id: c.id, code: c.code, name: c.name })) };
    });
    return ok(null);
  });

  // Logos shown on the customer's console: multipart, one image, recognised by its bytes.
  const upload = (field: 'logo' | 'minLogo', label: string) => async (req: FastifyRequest<{ Params: { id: number } }>) => {
    const stored = await assetAudited(db, req, `上传客户${label}`, String(req.params.id), async (note) => {
      const customer = await loadCustomer(db, await scopeOf(db, req), req.params.id);
      note.target = customer.code;
      if (!req.isMultipart()) throw badRequest('请选择要上传的图片');
      const part = await req.file({ limits: { fileSize: CUSTOMER_IMAGE_MAX_BYTES, files: 1 } });
      if (!part) throw badRequest('请选择要上传的图片');
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, `图片大小不能超过${CUSTOMER_IMAGE_MAX_BYTES / 1024 / 1024}MB`);
        throw err;
      }
      if (!data.length) throw badRequest('上传的图片为空');
      const kind = sniffImage(data);
      if (!kind) throw badRequest('只能上传 PNG、JPEG、GIF 或 WEBP 格式的图片');
      const saved = await ctx.files.save(data, { originalName: `customer-${field}.${kind.ext}`, mime: kind.mime, kind: 'logo', userId: req.auth!.userId });
      await setCustomerImage(db, customer.id, field, saved.storedName);
      note.detail = { file: saved.storedName, size: saved.size, mime: kind.mime };
      return saved.storedName;
    });
    return ok({ [field]: stored });
  };
  app.post(`${base}/logo/:id`, { schema: { tags, params: idParam }, config: { perm: P.edit } }, upload('logo', '标志'));
  app.post(`${base}/minLogo/:id`, { schema: { tags, params: idParam }, config: { perm: P.edit } }, upload('minLogo', '小标志'));
}
