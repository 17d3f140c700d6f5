import { cleanText, cleanTextDeep } from './text.js';

describe('text no service can store (PostgreSQL text, XML 1.0)', () => {
  it('drops NUL and the other C0 controls but keeps tab, line feed and carriage return', () => {
    expect(cleanText('show\u0000 notes')).toBe('show notes');
    expect(cleanText('a\u0001b\u0008c\u000Bd\u000Ce\u001Ff')).toBe('abcdef');
    expect(cleanText('line one\nline two\r\n\tindented')).toBe('line one\nline two\r\n\tindented');
  });

  it('drops U+FFFE, U+FFFF and lone surrogates, keeping characters outside the BMP whole', () => {
    expect(cleanText('a\uFFFEb\uFFFFc')).toBe('abc');
    expect(cleanText('broken \uD83C here')).toBe('broken  here');
    expect(cleanText('broken \uDF99 here')).toBe('broken  here');
    expect(cleanText('Podcast 🎙️ time — café')).toBe('Podcast 🎙️ time — café');
  });

  it('gives back the very same string when nothing needs cleaning', () => {
    const text = 'An ordinary description, with “quotes” and emoji 🎧';
    expect(cleanText(text)).toBe(text);
  });

  it('cleans every string of a request body, keys included, and leaves other values alone', () => {
    const body = {
      title: 'Episode\u0000 1',
      tags: ['ok', 'bad\u0000tag'],
      nested: { persons: [{ name: 'Ada\u0007' }], count: 3, explicit: false, none: null },
      'key\u0000': 'value',
    };
    expect(cleanTextDeep(body)).toEqual({
      title: 'Episode 1',
      tags: ['ok', 'badtag'],
      nested: { persons: [{ name: 'Ada' }], count: 3, explicit: false, none: null },
      key: 'value',
    });
    expect(body.title).toBe('Episode\u0000 1');
  });

  it('returns the same object when nothing inside needs cleaning', () => {
    const body = { title: 'Clean', tags: ['a', 'b'], nested: { n: 1 } };
    expect(cleanTextDeep(body)).toBe(body);
  });
});
