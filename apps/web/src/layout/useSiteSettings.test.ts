import { beforeEach, describe, expect, it } from 'vitest';
import { defaultSettings, useSettingsStore } from '@/stores/settings';
import { loadSiteSettings } from './useSiteSettings';

const reply = (status: number, body: unknown) => (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

describe('site settings', () => {
  beforeEach(() => useSettingsStore.setState({ ...defaultSettings }));

  it('applies the server values', async () => {
    const ok = await loadSiteSettings(reply(200, { code: 0, data: { siteTitle: '某某配电', showFooter: true, footerTxt: '© 2026 某某电力', caseNumber: '京ICP备00000000号' } }));
    expect(ok).toBe(true);
    expect(useSettingsStore.getState()).toMatchObject({ siteTitle: '某某配电', showFooter: true, footerTxt: '© 2026 某某电力', caseNumber: '京ICP备00000000号' });
  });

  it('keeps the defaults silently when the endpoint is missing or fails', async () => {
    expect(await loadSiteSettings(reply(404, { code: 404, msg: '接口不存在' }))).toBe(false);
    expect(await loadSiteSettings((async () => Promise.reject(new Error('offline'))) as unknown as typeof fetch)).toBe(false);
    expect(useSettingsStore.getState().showFooter).toBe(false);
  });
});
