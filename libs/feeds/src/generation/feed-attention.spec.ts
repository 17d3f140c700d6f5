import { describe, expect, it } from '@jest/globals';
import {
  FEED_SIZE_WARNING_BYTES,
  type FeedValidationCode,
  type FeedValidationReport,
} from '@castbase/contracts';
import { generationAttention } from './feed-attention.js';

const report = (...codes: FeedValidationCode[]): FeedValidationReport => ({
  valid: codes.length === 0,
  score: Math.max(0, 100 - 20 * codes.length),
  errors: codes.map((code) => ({ code, message: `${code} message` })),
  warnings: [],
});

describe('generationAttention', () => {
  it('says nothing of a first generation, nor of one like the one before', () => {
    expect(
      generationAttention(null, { validation: report('NO_ITEMS', 'IMAGE_MISSING'), sizeBytes: 10 }),
    ).toEqual([]);
    expect(
      generationAttention(
        { validation: report('IMAGE_MISSING'), sizeBytes: 10 },
        { validation: report('IMAGE_MISSING'), sizeBytes: 20 },
      ),
    ).toEqual([]);
  });

  it('tells the errors a generation gained, with all it has; not those it lost', () => {
    const after = report('IMAGE_MISSING', 'AUTHOR_MISSING');
    expect(
      generationAttention(
        { validation: report('IMAGE_MISSING'), sizeBytes: 10 },
        { validation: after, sizeBytes: 10 },
      ),
    ).toEqual([{ kind: 'validation-failed', newErrors: [after.errors[1]], errors: after.errors }]);
    expect(
      generationAttention(
        { validation: report('IMAGE_MISSING', 'AUTHOR_MISSING'), sizeBytes: 10 },
        { validation: report('IMAGE_MISSING'), sizeBytes: 10 },
      ),
    ).toEqual([]);
  });

  it('compares nothing with a generation whose report was not kept', () => {
    expect(
      generationAttention(
        { validation: null, sizeBytes: 10 },
        { validation: report('AUTHOR_MISSING'), sizeBytes: 10 },
      ),
    ).toEqual([]);
  });

  it('tells when the main feed grows past the 5 MB warning, once', () => {
    const under = { validation: report(), sizeBytes: FEED_SIZE_WARNING_BYTES };
    const over = { validation: report(), sizeBytes: FEED_SIZE_WARNING_BYTES + 1 };
    expect(generationAttention(under, over)).toEqual([
      {
        kind: 'size-warning',
        sizeBytes: FEED_SIZE_WARNING_BYTES + 1,
        previousSizeBytes: FEED_SIZE_WARNING_BYTES,
      },
    ]);
    expect(generationAttention(over, { ...over, sizeBytes: over.sizeBytes + 100 })).toEqual([]);
    expect(generationAttention(over, under)).toEqual([]);
  });
});
