import { FEED_SIZE_WARNING_BYTES, type FeedAttention, type FeedValidationReport } from '@castbase/contracts';

/** What a generation left: its validation report and the main feed's size. */
export interface GenerationOutcome {
  validation: FeedValidationReport | null;
  sizeBytes: number;
}

/**
 * What a generation tells the creators that the one before it did not (`feeds.feed.attention`): errors it did not have
 * (the feed started failing the generator's checks, or fails one more), and the main feed growing past the 5 MB
 * warning. Nothing for a podcast's first generation (a new podcast has no episode and no artwork yet, which its
 * creator knows), nor where the report before is unknown (a generation from before reports were kept).
 */
export function generationAttention(
  before: GenerationOutcome | null,
  after: GenerationOutcome,
): FeedAttention[] {
  if (!before) return [];
  const attention: FeedAttention[] = [];
  if (before.validation && after.validation) {
    const known = new Set(before.validation.errors.map((error) => error.code));
    const newErrors = after.validation.errors.filter((error) => !known.has(error.code));
    if (newErrors.length > 0)
      attention.push({ kind: 'validation-failed', newErrors, errors: after.validation.errors });
  }
  if (before.sizeBytes <= FEED_SIZE_WARNING_BYTES && after.sizeBytes > FEED_SIZE_WARNING_BYTES)
    attention.push({ kind: 'size-warning', sizeBytes: after.sizeBytes, previousSizeBytes: before.sizeBytes });
  return attention;
}
