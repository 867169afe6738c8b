import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PERMS, rawRuleEditBody, rawRuleGetQuery, rawRuleListQuery, rawRuleRemoveQuery } from '@pdz/contracts';
import type { AppContext } from '../../../platform/context';
import { ok } from '../../../platform/http';
import { auditAsset, scopeOf } from '../equipment/access';
import { getRule, removeRule, rulesOfGateway, saveRule } from './rawrule.service';

/** Raw data rules: which gateway tag feeds which point, scaled (spec §7 "Raw data rule"). */
export async function rawRuleRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const tags = ['原始数据规则'];
  const base = '/api/pdfznjkpt/iotdatarawrule';
  const read = { perm: [PERMS.point.list, PERMS.point.query, PERMS.gateway.list] };

  app.get(`${base}/getById`, { schema: { tags, querystring: rawRuleGetQuery }, config: read }, async (req) => ok(await getRule(db, await scopeOf(db, req), req.query)));

  app.get(`${base}/list`, { schema: { tags, querystring: rawRuleListQuery }, config: read }, async (req) =>
    ok(await rulesOfGateway(db, await scopeOf(db, req), req.query.gatewayId)),
  );

  app.post(`${base}/edit`, { schema: { tags, body: rawRuleEditBody }, config: { perm: PERMS.point.edit } }, async (req) => {
    const r = await saveRule(db, await scopeOf(db, req), req.body);
    ctx.bus.emit('rawrule.changed', { gatewayId: null }); // the rule may have moved between gateways
    await auditAsset(db, req, r.created ? '新增原始数据规则' : '修改原始数据规则', `${r.equipment.code}.${r.point.point_key}`, { before: r.before, after: req.body });
    return ok(r.rule);
  });

  app.get(`${base}/remove`, { schema: { tags, querystring: rawRuleRemoveQuery }, config: { perm: PERMS.point.edit } }, async (req) => {
    const r = await removeRule(db, await scopeOf(db, req), req.query.pointId);
    ctx.bus.emit('rawrule.changed', { gatewayId: r.rule.gatewayId });
    await auditAsset(db, req, '删除原始数据规则', `${r.equipment.code}.${r.point.point_key}`, r.rule);
    return ok(null);
  });
}
