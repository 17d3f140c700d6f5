import { z } from 'zod';

import { DomainError } from '@castbase/contracts';

import type { SignedGetUrlOptions, SignedPutUrlOptions } from './object-storage.js';

export const DEFAULT_SIGNED_URL_EXPIRY_SECONDS = 60;
/** S3's longest presigned URL lifetime: one week. */
const MAX_SIGNED_URL_EXPIRY_SECONDS = 604_800;

const expiresInSecondsSchema = z
  .number()
  .int()
  .min(1)
  .max(MAX_SIGNED_URL_EXPIRY_SECONDS)
  .default(DEFAULT_SIGNED_URL_EXPIRY_SECONDS);
const headerValueSchema = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[^\r\n]*$/, 'must be a single line');

const signedGetUrlOptionsSchema = z.object({
  expiresInSeconds: expiresInSecondsSchema,
  downloadName: headerValueSchema.optional(),
});

const signedPutUrlOptionsSchema = z.object({
  contentType: headerValueSchema,
  expiresInSeconds: expiresInSecondsSchema,
});

function parseOrThrow<T>(schema: z.ZodType<T>, options: unknown): T {
  const parsed = schema.safeParse(options);
  if (!parsed.success) {
    throw new DomainError('VALIDATION_FAILED', 'Invalid signed URL options', { issues: parsed.error.issues });
  }
  return parsed.data;
}

export function parseSignedGetUrlOptions(options: SignedGetUrlOptions = {}) {
  return parseOrThrow(signedGetUrlOptionsSchema, options);
}

export function parseSignedPutUrlOptions(options: SignedPutUrlOptions) {
  return parseOrThrow(signedPutUrlOptionsSchema, options);
}
