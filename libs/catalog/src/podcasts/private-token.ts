import { randomInt } from 'node:crypto';
import { PRIVATE_TOKEN_LENGTH } from '@castbase/contracts';

const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A private feed's token: 16 characters of letters and digits (safe in a URL as they are), each drawn from the
 * operating system's cryptographic source, so a token cannot be guessed from another (62^16 ≈ 4.8e28).
 */
export function newPrivateAccessToken(): string {
  let token = '';
  for (let i = 0; i < PRIVATE_TOKEN_LENGTH; i++) token += TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)];
  return token;
}
