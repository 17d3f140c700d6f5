import { z } from 'zod';
import { envRegistry } from './env-variable.js';
import { StartupError } from './startup-error.js';

export class ConfigError extends StartupError {
  override readonly name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/**
 * Reads the environment through a schema. Empty strings count as unset. Every missing or malformed
 * variable is named in one error, with what it expects.
 */
export function loadConfig<S extends z.ZodObject>(
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<S> {
  const input = Object.fromEntries(
    Object.keys(schema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => {
      const key = String(issue.path[0] ?? '');
      const info = envRegistry.get(schema.shape[key] as z.ZodType);
      const what = info ? ` (${info.description})` : '';
      const got = env[key];
      const received = got === undefined || got === '' ? 'is missing' : `is malformed: ${issue.message}`;
      return `${key} ${received}${what}`;
    }),
  );
}

/** Requires variables that a schema leaves optional (a service process has no embedded fallbacks). */
export function requireVariables<T extends Record<string, unknown>>(
  config: T,
  keys: (keyof T & string)[],
  why: string,
): void {
  const missing = keys.filter((key) => config[key] === undefined);
  if (missing.length > 0) throw new ConfigError(missing.map((key) => `${key} is missing (${why})`));
}

/** Name, description, default and secrecy of each variable: used for the README table. */
export function describeVariables(
  schema: z.ZodObject,
): Array<{ name: string; description: string; sensitive: boolean }> {
  return Object.entries(schema.shape).map(([name, field]) => {
    const info = envRegistry.get(field as z.ZodType);
    return { name, description: info?.description ?? '', sensitive: info?.sensitive ?? false };
  });
}
