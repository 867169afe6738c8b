import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PERMS, idParam, pointEditBody, pointRemoveBody, realTimeTagBody, realTimeTagQuery } from '@pdz/contracts';
import type { AppContext } from '../../../platform/context';
import { ok } from '../../../platform/http';
import { auditAsset, scopeOf } from '../equipment/access';
import { editPoint, pointsOfEquipment, realTimeTags, removePoints, setRealTimeTags } from './point.service';

/** Measuring points of an equipment and its live tags (spec §7 "Measuring points", "Assets"). */
export async function pointRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const tags = ['测点'];
  const read = { perm: [PERMS.point.list, PERMS.point.query, PERMS.equipment.list, PERMS.equipment.query] };

  app.get('/api/bjPoint/selectMeasuringPointListByBjId/:id', { schema: { tags, params: idParam }, config: read }, async (req) =>
    ok(await pointsOfEquipment(db, await scopeOf(db, req), req.params.id)),
  );

  app.post('/api/bjPoint/edit', { schema: { tags, body: pointEditBody }, config: { perm: PERMS.point.edit } }, async (req) => {
    const { point, equipment } = await editPoint(db, await scopeOf(db, req), req.body);
    await auditAsset(db, req, '修改测点', `${equipment.code}.${point.point_key}`, {
      before: { name: point.name, unit: point.unit, precision: point.precision, isTag: !!point.is_tag, enabled: !!point.enabled, ratio: point.ratio },
      after: req.body,
    });
    return ok(null);
  });

  app.post('/api/bjPoint/remove', { schema: { tags, body: pointRemoveBody }, config: { perm: PERMS.point.remove } }, async (req) => {
    const r = await removePoints(db, await scopeOf(db, req), req.body.ids, req.body.withRules);
    await auditAsset(db, req, '删除测点', r.points.slice(0, 20).join(','), { count: r.points.length, rules: r.rules, alarmConfigs: r.alarms });
    // The alarm engine drops the removed points' rules (and recovers their open alarms).
    if (r.alarms) ctx.bus.emit('alarmrule.changed', { equipmentId: null });
    return ok(null);
  });

  app.post('/api/assetMaintenance/realTimeDataTagByBj', { schema: { tags, body: realTimeTagBody }, config: { perm: [PERMS.point.edit, PERMS.equipment.edit] } }, async (req) => {
    const equipment = await setRealTimeTags(db, await scopeOf(db, req), req.body.equipmentId, req.body.pointIds);
    await auditAsset(db, req, '设置实时标签', equipment.code, { pointIds: req.body.pointIds });
    return ok(await realTimeTags(db, null, equipment.id));
  });

  app.get('/api/assetMaintenance/getRealTimeDataTagByBj', { schema: { tags, querystring: realTimeTagQuery }, config: read }, async (req) =>
    ok(await realTimeTags(db, await scopeOf(db, req), req.query.id)),
  );
}
