import { z } from 'zod';

/** Metadata kept on each environment variable's schema: what it is for and whether it is a secret. */
export interface EnvVariableInfo {
  description: string;
  sensitive?: boolean;
}

export const envRegistry = z.registry<EnvVariableInfo>();

export function described<T extends z.ZodType>(schema: T, description: string, sensitive = false): T {
  envRegistry.add(schema, { description, sensitive });
  return schema;
}

/** 'true'/'false'/'1'/'0'/'yes'/'no' → boolean; anything else is a clear error. */
export const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'expected true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

export const port = z.coerce.number({ error: 'expected a port number' }).int().min(1).max(65535);
export const positiveInt = z.coerce.number({ error: 'expected a whole number' }).int().positive();
export const url = (protocols: string[]) =>
  z
    .url({ error: `expected a URL (${protocols.join(', ')})` })
    .refine((value) => protocols.some((p) => value.startsWith(`${p}:`)), {
      error: `expected a URL starting with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    });
