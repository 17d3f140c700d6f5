import { describe, expect, it } from '@jest/globals';
import { escapeHtml, isoDuration, jsonForScript, paragraphsHtml, summary } from './html-text.js';

describe('the public pages’ HTML text', () => {
  it('escapes the five characters that could open markup or end an attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    );
  });

  it('writes JSON a <script> cannot be ended by, which reads back unchanged', () => {
    const value = { title: '</script><script>alert(1)</script>', notes: '<!-- & \u2028 \u2029' };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });

  it('keeps the line breaks of plain text as paragraphs and <br>, escaped', () => {
    expect(paragraphsHtml('One\nline <b>two</b>\n\n\nNext')).toBe(
      '<p>One<br>line &lt;b&gt;two&lt;/b&gt;</p><p>Next</p>',
    );
    expect(paragraphsHtml('  \n ')).toBe('');
  });

  it('summarises for a meta description: whitespace folded, cut at a word with an ellipsis', () => {
    expect(summary('  a\n\nshort   text ')).toBe('a short text');
    const long = `${'word '.repeat(60)}end`;
    const cut = summary(long, 50);
    expect(cut.length).toBeLessThanOrEqual(50);
    expect(cut).toMatch(/word…$/);
  });

  it.each([
    [0, 'PT0S'],
    [59.6, 'PT1M'],
    [61, 'PT1M1S'],
    [3600, 'PT1H'],
    [3723, 'PT1H2M3S'],
  ])('writes %s seconds as the ISO 8601 duration %s', (seconds, duration) => {
    expect(isoDuration(seconds)).toBe(duration);
  });
});
