/**
 * Characters PostgreSQL cannot store in text (NUL) or XML 1.0 cannot carry (the other C0 controls but tab, line
 * feed and carriage return; U+FFFE and U+FFFF; lone surrogates). Every text a person sends passes `cleanText` at the
 * contract boundary, so no service stores what a feed or the database would choke on.
 */
const UNSTORABLE_SOURCE =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
    .source;
const HAS_UNSTORABLE = new RegExp(UNSTORABLE_SOURCE);
const ALL_UNSTORABLE = new RegExp(UNSTORABLE_SOURCE, 'g');

/** The text without the characters PostgreSQL or XML cannot hold. */
export function cleanText(text: string): string {
  return HAS_UNSTORABLE.test(text) ? text.replace(ALL_UNSTORABLE, '') : text;
}

/**
 * Every string inside a parsed JSON value cleaned with `cleanText` (object keys too); other values as they are.
 * Returns the same value when nothing needed cleaning, so the common case allocates nothing.
 */
export function cleanTextDeep<T>(value: T): T {
  if (typeof value === 'string') return cleanText(value) as T;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    value.forEach((item: unknown, index) => {
      const cleaned: unknown = cleanTextDeep(item);
      if (cleaned !== item) (copy ??= [...value])[index] = cleaned;
    });
    return (copy ?? value) as T;
  }
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    let copy: Record<string, unknown> | null = null;
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      const cleanKey = cleanText(key);
      const cleaned: unknown = cleanTextDeep(item);
      if (cleanKey !== key || cleaned !== item) {
        copy ??= { ...(value as Record<string, unknown>) };
        if (cleanKey !== key) delete copy[key];
        copy[cleanKey] = cleaned;
      }
    }
    return (copy ?? value) as T;
  }
  return value;
}
