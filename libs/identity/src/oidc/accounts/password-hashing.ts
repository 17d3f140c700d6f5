import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library's default algorithm) with the OWASP minimum: 19 MiB, 2 passes, 1 lane. */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

let decoy: Promise<string> | undefined;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/**
 * Checks a password against a stored hash. Without one (unknown e-mail, limited attempt) it checks against a
 * decoy hash, so every attempt costs the same time and the answer says nothing about which e-mails exist.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  decoy ??= hashPassword('decoy password that no account has');
  const against = storedHash ?? (await decoy);
  const matches = await verify(against, password).catch(() => false);
  return storedHash !== null && matches;
}
