import { z } from 'zod';
import { optionalText, flag } from '../fields';

/** Site-wide settings administrators change in 系统设置; the console reads them at start. */
export const siteConfigBody = z.object({
  siteTitle: optionalText('系统名称', 64),
  showFooter: flag('显示底部版权').default(false),
  footerTxt: optionalText('底部文字', 200),
  caseNumber: optionalText('备案号', 64),
});
export type SiteConfig = z.infer<typeof siteConfigBody>;
