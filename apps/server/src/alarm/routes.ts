import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ALARM_EXPORT_MAX, PERMS, alarmConfirmBody, alarmPrefsBody, alarmQuery, alarmStatsQuery, idParam, type AlarmConfirmResult } from '@pdz/contracts';
import type { AppContext } from '../platform/context';
import { visibleCustomerIds } from '../platform/auth/asset-scope';
import { writeAudit } from '../platform/audit';
import { ok } from '../platform/http';
import { exportFileName, sendFile } from '../platform/xlsx';
import { confirmAlarms } from './confirm';
import { alarmWorkbook } from './export';
import { alarmStats, alarmSummary, getAlarm, getPrefs, listAlarms, pageAlarms, savePrefs } from './service';

/** Alarm lists, confirmation, export, counts, statistics and the user's alarm preferences. */
export async function alarmRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const tags = ['告警'];
  const P = PERMS.alarm;
  const base = '/api/alarm/event';
  const own = { signedIn: true };

  app.get(`${base}/pageList`, { schema: { tags, summary: '告警列表', querystring: alarmQuery }, config: { perm: P.list } }, async (req) => ok(await pageAlarms(ctx, await visibleCustomerIds(db, req.auth!), req.query)));

  app.get(`${base}/getById/:id`, { schema: { tags, summary: '告警详情', params: idParam }, config: { perm: P.list } }, async (req) => ok(await getAlarm(ctx, await visibleCustomerIds(db, req.auth!), req.params.id)));

  app.post(`${base}/confirm`, { schema: { tags, summary: '确认告警', body: alarmConfirmBody }, config: { perm: P.confirm } }, async (req) => {
    const { userId, userName } = req.auth!;
    const confirmed = await confirmAlarms(ctx, { userId, userName }, req.body.ids, req.body.note, await visibleCustomerIds(db, req.auth!));
    await writeAudit(db, req, { category: 'alarm', action: '确认告警', target: confirmed.length > 10 ? `${confirmed.slice(0, 10).join(',')}… 共${confirmed.length}条` : confirmed.join(',') || null, detail: { ids: req.body.ids, confirmed: confirmed.length, note: req.body.note } });
    const result: AlarmConfirmResult = { confirmed: confirmed.length };
    return ok(result);
  });

  app.get(`${base}/export`, { schema: { tags, summary: '导出告警', querystring: alarmQuery }, config: { perm: P.export } }, async (req, reply) => {
    const rows = await listAlarms(ctx, await visibleCustomerIds(db, req.auth!), req.query, ALARM_EXPORT_MAX);
    const data = await alarmWorkbook(rows, ctx.config.zoneOffsetMinutes);
    await writeAudit(db, req, { category: 'alarm', action: '导出告警', target: `${rows.length} 条` });
    return sendFile(reply, data, exportFileName('告警记录', ctx.config.zoneOffsetMinutes));
  });

  app.get('/api/alarm/summary', { schema: { tags, summary: '告警概况' }, config: own }, async (req) => ok(await alarmSummary(ctx, await visibleCustomerIds(db, req.auth!))));

  app.get('/api/alarm/stats', { schema: { tags, summary: '告警统计', querystring: alarmStatsQuery }, config: { perm: P.stats } }, async (req) => ok(await alarmStats(ctx, await visibleCustomerIds(db, req.auth!), req.query)));

  app.get('/api/alarm/prefs', { schema: { tags, summary: '告警偏好' }, config: own }, async (req) => ok(await getPrefs(db, req.auth!.userId)));

  app.post('/api/alarm/prefs', { schema: { tags, summary: '保存告警偏好', body: alarmPrefsBody }, config: own }, async (req) => {
    const prefs = await savePrefs(db, req.auth!.userId, req.body);
    await writeAudit(db, req, { category: 'alarm', action: '修改告警偏好', detail: prefs });
    return ok(prefs);
  });
}
