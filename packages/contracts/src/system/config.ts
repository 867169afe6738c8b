import { z } from 'zod';
import { optionalText, flag } from '../fields';

/** The top bar's title when none is set (spec §1). */
export const DEFAULT_SITE_TITLE = '配电站智能监控系统';

/**
 * Site-wide settings administrators change in 系统设置 (POST /api/system/config/site); the
 * console reads them at start, before sign-in (GET /api/system/config/site, public).
 */
export const siteConfigBody = z.object({
  siteTitle: optionalText('系统名称', 64),
  showFooter: flag('显示底部版权').default(false),
  footerTxt: optionalText('底部文字', 200),
  caseNumber: optionalText('备案号', 64),
});
export type SiteConfig = z.infer<typeof siteConfigBody>;
