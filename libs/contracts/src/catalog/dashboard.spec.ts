import { truncateTitle, videoCardLayout } from './dashboard.js';

describe('video card titles', () => {
  it.each([
    ['small', 200, 30],
    ['medium', 300, 50],
    ['large', 400, 70],
  ] as const)('a %s card is %i px wide and cuts titles at %i characters', (size, width, maxChars) => {
    expect(videoCardLayout[size]).toEqual({ widthPx: width, titleMaxChars: maxChars });
    const cut = truncateTitle('x'.repeat(maxChars + 5), maxChars);
    expect(Array.from(cut)).toHaveLength(maxChars);
    expect(cut.endsWith('…')).toBe(true);
  });

  it('keeps a title that fits whole', () => {
    expect(truncateTitle('Exactly thirty characters long', 30)).toBe('Exactly thirty characters long');
  });

  it('counts characters, not UTF-16 units, and drops the space before the ellipsis', () => {
    expect(truncateTitle('🎙️ Live from the studio with friends', 12)).toBe('🎙️ Live fro…');
    expect(truncateTitle('Episode one of many', 9)).toBe('Episode…');
  });
});
