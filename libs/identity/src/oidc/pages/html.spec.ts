import { describe, expect, it } from '@jest/globals';
import { html, trustedHtml } from './html.js';

describe('the html template of the sign-in pages', () => {
  it('escapes every interpolated value, in text and in attributes', () => {
    const hostile = `"><script>alert('x')</script>&`;
    // prettier-ignore
    const rendered = html`<input value="${hostile}"><p>${hostile}</p>`.toString();
    const escaped = '&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;';
    expect(rendered).toBe(`<input value="${escaped}"><p>${escaped}</p>`);
  });

  it('nests templates and lists as markup, and drops null, undefined and false', () => {
    const items = ['a<b', 'c'].map((item) => html`<li>${item}</li>`);
    // prettier-ignore
    const rendered = html`<ul>${items}</ul>${null}${undefined}${false}${0}`.toString();
    expect(rendered).toBe('<ul><li>a&lt;b</li><li>c</li></ul>0');
    expect(html`${trustedHtml('<form></form>')}`.toString()).toBe('<form></form>');
  });

  it('refuses an object it cannot render rather than print [object Object]', () => {
    expect(() => html`${{ a: 1 }}`).toThrow('cannot render object into HTML');
  });
});
