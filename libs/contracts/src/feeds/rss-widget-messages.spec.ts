import { describe, expect, it } from '@jest/globals';
import {
  feedGenerationButton,
  formatFeedBytes,
  rssWidgetBanner,
  rssWidgetMessages as text,
} from './rss-widget-messages.js';

describe('RSS widget (spec 2 §2)', () => {
  const current = { needsUpdate: false };

  it('writes the banner texts exactly', () => {
    expect(text.banners).toMatchObject({
      generating: 'Generating RSS Feed...',
      testing: 'Testing RSS Feed...',
      needsUpdate: 'RSS Feed Needs Update',
      notGenerated: 'RSS Feed Not Generated',
      validActive: 'RSS Feed Valid & Active',
    });
    expect(text.banners.hasIssues(60)).toBe('RSS Feed Has Issues (Score: 60/100)');
  });

  it('shows what is under way first, then whether a feed exists, is current, and passed its last test', () => {
    const none = { generating: false, testing: false, status: null, lastTest: null };
    expect(rssWidgetBanner({ ...none, generating: true, testing: true })).toBe('generating');
    expect(rssWidgetBanner({ ...none, testing: true, status: current })).toBe('testing');
    expect(rssWidgetBanner(none)).toBe('notGenerated');
    expect(rssWidgetBanner({ ...none, status: { needsUpdate: true }, lastTest: { isValid: false } })).toBe(
      'needsUpdate',
    );
    expect(rssWidgetBanner({ ...none, status: current, lastTest: { isValid: false } })).toBe('hasIssues');
    expect(rssWidgetBanner({ ...none, status: current, lastTest: { isValid: true } })).toBe('validActive');
    expect(rssWidgetBanner({ ...none, status: current })).toBe('validActive');
  });

  it('offers Generate before a feed exists, Update when it is behind, else Regenerate', () => {
    expect(feedGenerationButton(null)).toBe('generate');
    expect(feedGenerationButton({ needsUpdate: true })).toBe('update');
    expect(feedGenerationButton(current)).toBe('regenerate');
    expect(text.buttons).toMatchObject({
      generate: 'Generate RSS',
      update: 'Update RSS',
      regenerate: 'Regenerate RSS',
    });
  });

  it('writes sizes in B, KB and MB', () => {
    expect(formatFeedBytes(812)).toBe('812 B');
    expect(formatFeedBytes(14_540)).toBe('14.2 KB');
    expect(formatFeedBytes(5.3 * 1024 * 1024)).toBe('5.3 MB');
  });

  it("words the generator check's summary with singulars and plurals", () => {
    expect(text.generatorCheck.summary(1, 0)).toBe('1 error, 0 warnings');
    expect(text.generatorCheck.summary(2, 1)).toBe('2 errors, 1 warning');
    expect(text.generatorCheck.score(60)).toBe('Score 60/100');
  });
});
