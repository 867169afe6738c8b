import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PERMS, gatewayLinkParams, gatewayLinkSettings, monitorGatewayQuery } from '@pdz/contracts';
import type { AppContext } from '../../../platform/context';
import { visibleCustomerIds } from '../../../platform/auth/asset-scope';
import { ok } from '../../../platform/http';
import { writeAudit } from '../../../platform/audit';
import { telDb } from '../../../telemetry/store/store';
import { linkList, saveLinkSettings } from './links.service';

/**
 * 通信管理 › 弱网优化: link quality per gateway (telemetry:gateway:stats) and the upload settings
 * gateways read (telemetry:gateway:link). A change is audited and published to the gateway at once
 * (retained MQTT message on gw/{code}/config); gateways on HTTP read it with their next poll.
 */
export async function linkRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = telDb(ctx);
  const tags = ['通信管理'];

  app.get('/api/monitor/links', { schema: { tags, summary: '弱网优化：链路质量与上报设置', querystring: monitorGatewayQuery }, config: { perm: PERMS.telemetry.stats } }, async (req) => {
    if (ctx.telemetry?.stats.dirty) await ctx.telemetry.stats.persist();
    return ok(await linkList(db, ctx.dialect, await visibleCustomerIds(ctx.db, req.auth!), req.query));
  });

  app.put(
    '/api/monitor/links/:id',
    { schema: { tags, summary: '修改网关上报设置', params: gatewayLinkParams, body: gatewayLinkSettings }, config: { perm: PERMS.telemetry.link } },
    async (req) => {
      const visible = await visibleCustomerIds(ctx.db, req.auth!);
      const { code, before } = await saveLinkSettings(db, visible, req.params.id, req.body, req.auth!.userName);
      await writeAudit(ctx.db, req, { category: 'telemetry', action: '修改网关上报设置', detail: { gateway: code, before, after: req.body } });
      await ctx.telemetry?.publishLinkConfig(req.params.id);
      return ok(null);
    },
  );
}
