import { createUploadInputSchema, DomainError } from '@castbase/contracts';
import type { z } from 'zod';

export type UploadInput = z.output<typeof createUploadInputSchema>;

/**
 * Validates what a creator declared about a file, with the codes the web app shows: an unsupported type is
 * MEDIA_TYPE_NOT_ALLOWED, more than 500 MB is MEDIA_TOO_LARGE, anything else VALIDATION_FAILED with the issues.
 */
export function parseUploadInput(input: unknown): UploadInput {
  const parsed = createUploadInputSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const { issues } = parsed.error;
  if (issues.some((issue) => issue.path[0] === 'contentType')) throw new DomainError('MEDIA_TYPE_NOT_ALLOWED');
  if (issues.some((issue) => issue.path[0] === 'sizeBytes' && issue.code === 'too_big')) throw new DomainError('MEDIA_TOO_LARGE');
  throw new DomainError('VALIDATION_FAILED', undefined, { issues });
}
