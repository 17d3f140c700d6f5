import { z } from 'zod';
import { directoryIdSchema, directoryStatusSchema } from './directory-catalogue.js';
import { feedValidationIssueSchema } from './feed-validation.js';

/**
 * What a creator should hear about a podcast's feed ('RSS feed updates' e-mails): its generation started failing the
 * generator's checks (errors it did not have before), its main feed grew past the 5 MB warning, or a directory's status
 * changed.
 */
export const feedAttentionSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('validation-failed'),
    /** The errors the generation before did not have. */
    newErrors: z.array(feedValidationIssueSchema).min(1),
    /** Every error of the generation, the new ones included. */
    errors: z.array(feedValidationIssueSchema),
  }),
  z.object({
    kind: z.literal('size-warning'),
    sizeBytes: z.number().int().nonnegative(),
    previousSizeBytes: z.number().int().nonnegative(),
  }),
  z.object({
    kind: z.literal('directory'),
    directoryId: directoryIdSchema,
    from: directoryStatusSchema,
    to: directoryStatusSchema,
  }),
]);
export type FeedAttention = z.infer<typeof feedAttentionSchema>;

export const feedAttentionPayloadSchema = z.object({
  podcastId: z.uuid(),
  /** When it happened (the generation's time, or the status's): with the podcast and kind, what makes it one e-mail. */
  at: z.iso.datetime(),
  attention: feedAttentionSchema,
});
