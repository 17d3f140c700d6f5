/** The browser's time zone (spec 1 §5: the default of a new profile), UTC when it cannot say. */
export function browserTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Every IANA time zone the browser knows, UTC first, with the browser's own zone always among them. */
export function timezoneOptions(current: string): string[] {
  const known = Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC');
  const zones = ['UTC', ...known];
  return zones.includes(current) ? zones : [current, ...zones];
}
