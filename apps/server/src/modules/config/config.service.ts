import type { Kysely } from 'kysely';
import { DEFAULT_SITE_TITLE, type SiteConfig } from '@pdz/contracts';
import type { Database } from '../../platform/db/schema';

/** Each setting is one sys_config row; absent rows mean the default. */
const KEYS = {
  siteTitle: 'site.siteTitle',
  showFooter: 'site.showFooter',
  footerTxt: 'site.footerTxt',
  caseNumber: 'site.caseNumber',
} as const satisfies Record<keyof SiteConfig, string>;

export async function readSiteConfig(db: Kysely<Database>): Promise<SiteConfig> {
  const rows = await db.selectFrom('sys_config').select(['key', 'value']).where('key', 'in', Object.values(KEYS)).execute();
  const v = new Map(rows.map((r) => [r.key, r.value]));
  const textOf = (k: string) => v.get(k) || null;
  return {
    siteTitle: textOf(KEYS.siteTitle) ?? DEFAULT_SITE_TITLE,
    showFooter: v.get(KEYS.showFooter) === '1',
    footerTxt: textOf(KEYS.footerTxt),
    caseNumber: textOf(KEYS.caseNumber),
  };
}

/** Stores every site setting at once (one transaction: the footer never shows half an edit). */
export async function saveSiteConfig(db: Kysely<Database>, c: SiteConfig): Promise<void> {
  const t = Date.now();
  const values = [
    { key: KEYS.siteTitle, value: c.siteTitle ?? '' },
    { key: KEYS.showFooter, value: c.showFooter ? '1' : '0' },
    { key: KEYS.footerTxt, value: c.footerTxt ?? '' },
    { key: KEYS.caseNumber, value: c.caseNumber ?? '' },
  ].map((r) => ({ ...r, updated_at: t }));
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('sys_config')
      .values(values)
      .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: eb.ref('excluded.updated_at') })))
      .execute();
  });
}
