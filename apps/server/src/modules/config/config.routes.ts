import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PERMS, siteConfigBody } from '@pdz/contracts';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/http';
import { writeAudit } from '../../platform/audit';
import { readSiteConfig, saveSiteConfig } from './config.service';

/** Site settings: title, footer text and filing number (spec §2 footer, §3 Settings). */
export async function configRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const tags = ['系统设置'];

  // Public: the login page and the footer need it before anyone signs in.
  app.get('/api/system/config/site', { schema: { tags }, config: { public: true } }, async () => ok(await readSiteConfig(db)));

  app.post('/api/system/config/site', { schema: { tags, body: siteConfigBody }, config: { perm: PERMS.config.edit } }, async (req) => {
    const before = await readSiteConfig(db);
    await saveSiteConfig(db, req.body);
    await writeAudit(db, req, { category: 'config', action: '修改系统设置', target: '站点设置', detail: { before, after: req.body } });
    return ok(await readSiteConfig(db));
  });
}
