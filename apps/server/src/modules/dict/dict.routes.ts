import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PERMS,
  dictDataQuery,
  dictDetailAddBody,
  dictDetailEditBody,
  dictSelectQuery,
  dictTypeAddBody,
  dictTypeEditBody,
  dictTypeQuery,
  dictTypeRemoveQuery,
  idParam,
} from '@pdz/contracts';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/http';
import { writeAudit } from '../../platform/audit';
import {
  addDetail,
  addType,
  editDetail,
  editType,
  getDetail,
  getType,
  pageDetails,
  pageTypes,
  removeDetail,
  removeTypes,
  selectItems,
  typeOptions,
} from './dict.service';

/** Dictionary types and items (spec §7 "Dictionary"; item paths exactly as the spec names them). */
export async function dictRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const tags = ['字典'];
  const list = { perm: PERMS.dict.list };

  app.get('/api/system/dict/data/selectBy', { schema: { tags, querystring: dictSelectQuery }, config: { signedIn: true } }, async (req) =>
    ok(await selectItems(db, req.query.dictType)),
  );

  app.get('/api/system/dict/type/pageList', { schema: { tags, querystring: dictTypeQuery }, config: list }, async (req) => ok(await pageTypes(ctx, req.query)));
  app.get('/api/system/dict/type/getById/:id', { schema: { tags, params: idParam }, config: list }, async (req) => ok(await getType(db, req.params.id)));
  app.get('/api/system/dict/type/options', { schema: { tags }, config: list }, async () => ok(await typeOptions(db)));

  app.post('/api/system/dict/type/add', { schema: { tags, body: dictTypeAddBody }, config: { perm: PERMS.dict.add } }, async (req) => {
    const id = await addType(db, req.body);
    await writeAudit(db, req, { category: 'dict', action: '新增字典类型', target: req.body.dictType, detail: req.body });
    return ok({ id });
  });

  app.post('/api/system/dict/type/edit', { schema: { tags, body: dictTypeEditBody }, config: { perm: PERMS.dict.edit } }, async (req) => {
    const { id, ...input } = req.body;
    const { before } = await editType(db, id, input);
    await writeAudit(db, req, { category: 'dict', action: '修改字典类型', target: input.dictType, detail: before === input.dictType ? input : { ...input, renamedFrom: before } });
    return ok(null);
  });

  app.get('/api/system/dict/type/remove', { schema: { tags, querystring: dictTypeRemoveQuery }, config: { perm: PERMS.dict.remove } }, async (req) => {
    const types = await removeTypes(db, req.query.ids);
    await writeAudit(db, req, { category: 'dict', action: '删除字典类型', target: types.join(',') });
    return ok(null);
  });

  app.get('/api/system/dict/data/pageList', { schema: { tags, querystring: dictDataQuery }, config: list }, async (req) => ok(await pageDetails(ctx, req.query)));
  app.get('/api/system/dict/data/getById/:id', { schema: { tags, params: idParam }, config: list }, async (req) => ok(await getDetail(db, req.params.id)));

  app.post('/api/dictDetail', { schema: { tags, body: dictDetailAddBody }, config: { perm: PERMS.dict.add } }, async (req) => {
    const id = await addDetail(db, req.body);
    await writeAudit(db, req, { category: 'dict', action: '新增字典数据', target: `${req.body.dictType}:${req.body.dictValue}`, detail: req.body });
    return ok({ id });
  });

  app.put('/api/dictDetail', { schema: { tags, body: dictDetailEditBody }, config: { perm: PERMS.dict.edit } }, async (req) => {
    const { id, ...input } = req.body;
    const before = await editDetail(db, id, input);
    await writeAudit(db, req, { category: 'dict', action: '修改字典数据', target: `${input.dictType}:${input.dictValue}`, detail: { before, after: input } });
    return ok(null);
  });

  app.delete('/api/dictDetail/:id', { schema: { tags, params: idParam }, config: { perm: PERMS.dict.remove } }, async (req) => {
    const before = await removeDetail(db, req.params.id);
    await writeAudit(db, req, { category: 'dict', action: '删除字典数据', target: `${before.dictType}:${before.dictValue}`, detail: before });
    return ok(null);
  });
}
