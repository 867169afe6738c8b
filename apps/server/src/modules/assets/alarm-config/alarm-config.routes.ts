import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PERMS, alarmConfigInfoParams, alarmConfigSaveBody, alarmTemplateApplyBody } from '@pdz/contracts';
import type { AppContext } from '../../../platform/context';
import { ok } from '../../../platform/http';
import { auditAsset, scopeOf } from '../equipment/access';
import { alarmConfigInfo, alarmTemplate, applyAlarmTemplate, saveAlarmConfig } from './alarm-config.service';

/** Alarm rules per equipment and point (spec §7 "Alarm config"); the engine comes with telemetry. */
export async function alarmConfigRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const tags = ['告警配置'];
  const base = '/api/device/alarmConfig';
  const read = { perm: [PERMS.alarmConfig.query, PERMS.alarmConfig.edit] };

  app.post(`${base}/save`, { schema: { tags, body: alarmConfigSaveBody }, config: { perm: PERMS.alarmConfig.edit } }, async (req) => {
    const r = await saveAlarmConfig(db, await scopeOf(db, req), req.body);
    const target = r.pointKey ? `${r.equipment.code}.${r.pointKey}` : r.equipment.code;
    await auditAsset(db, req, '保存告警配置', target, { before: r.before.length, after: req.body.rules });
    ctx.bus.emit('alarmrule.changed', { equipmentId: r.equipment.id });
    return ok(await alarmConfigInfo(db, null, r.equipment.id));
  });

  app.get(`${base}/info/:id`, { schema: { tags, params: alarmConfigInfoParams }, config: read }, async (req) => ok(await alarmConfigInfo(db, await scopeOf(db, req), req.params.id)));

  app.get(`${base}/template/:id`, { schema: { tags, params: alarmConfigInfoParams }, config: read }, async (req) => ok(await alarmTemplate(db, await scopeOf(db, req), req.params.id)));

  app.post(`${base}/applyTemplate`, { schema: { tags, body: alarmTemplateApplyBody }, config: { perm: PERMS.alarmConfig.edit } }, async (req) => {
    const r = await applyAlarmTemplate(db, await scopeOf(db, req), req.body.equipmentId);
    await auditAsset(db, req, '应用告警模板', r.equipment.code, { rules: r.rules });
    ctx.bus.emit('alarmrule.changed', { equipmentId: r.equipment.id });
    return ok(await alarmConfigInfo(db, null, r.equipment.id));
  });
}
