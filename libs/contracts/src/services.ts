/** The services of Castbase: each owns one PostgreSQL schema and one library under libs/. */
export const SERVICE_NAMES = [
  'identity',
  'catalog',
  'media',
  'feeds',
  'analytics',
  'monetization',
  'social',
] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];
