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

/** 'a, b,c' → ['a', 'b', 'c'] (empty items dropped). */
export const commaList = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== ''),
);

/** A web origin such as http://localhost:5173 (a trailing slash or path is cut off). */
export const origin = url(['http', 'https']).transform((value) => new URL(value).origin);

const JWKS_EXPECTED = 'expected a JSON Web Key Set {"keys":[...]} of private RSA keys (with "d")';

const privateRsaKey = z.looseObject(
  {
    kty: z.literal('RSA', { error: JWKS_EXPECTED }),
    kid: z.string().min(1).optional(),
    n: z.string({ error: JWKS_EXPECTED }).min(1),
    e: z.string({ error: JWKS_EXPECTED }).min(1),
    d: z.string({ error: JWKS_EXPECTED }).min(1),
  },
  { error: JWKS_EXPECTED },
);

/** A JSON Web Key Set of private RSA signing keys, given as JSON text. */
export const jsonWebKeySet = z
  .string()
  .transform((value, ctx) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'expected JSON' });
      return z.NEVER;
    }
  })
  .pipe(
    z.object(
      { keys: z.array(privateRsaKey, { error: JWKS_EXPECTED }).min(1, { error: JWKS_EXPECTED }) },
      { error: JWKS_EXPECTED },
    ),
  );
