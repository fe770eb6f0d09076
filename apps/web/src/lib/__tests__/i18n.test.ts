// The default language's messages come in two parts: the shell's (in the first load) and the pages' (loaded with the
// first page). Together they are the whole zh dictionary, with the sections both parts hold merged, not replaced.
import { describe, expect, it } from 'vitest';
import { DEFAULT_MESSAGES, loadPageMessages } from '../../locales';
import { ensurePageMessages, i18n } from '../i18n';

describe('zh messages', () => {
  it('merges the pages’ part into the bundle once, keeping the shell’s route titles', async () => {
    const pages = await loadPageMessages();
    await ensurePageMessages();
    await ensurePageMessages();
    const bundle = i18n.getResourceBundle('zh', 'translation') as Record<string, Record<string, unknown>>;
    for (const section of Object.keys(pages)) expect(bundle).toHaveProperty(section);
    expect(i18n.t('biz.route.loan.add', { lng: 'zh' })).toBe(DEFAULT_MESSAGES.biz.route.loan.add);
    expect(i18n.t('biz.common.actions', { lng: 'zh' })).toBe(pages.biz.common.actions);
    expect(i18n.t('widgets.common.totalAtLeast', { lng: 'zh', shown: '10,000' })).toBe('超过 10,000 条，请缩小查询范围');
  });
});
