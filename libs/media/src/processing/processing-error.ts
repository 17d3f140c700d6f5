/**
 * Why processing refused or failed, as a stable code:
 * - `MEDIA_UNREADABLE`: ffprobe or sharp cannot read the file, or the stream a step needs (audio, video) is missing;
 * - `MEDIA_PROCESSING_FAILED`: ffmpeg stopped with an error on the file (its reason is in `details`);
 * - `TRIM_RANGE_INVALID`, `SHORT_RANGE_INVALID`, `CHAPTERS_INVALID`: a range asked for does not fit the file;
 * - `ARTWORK_SIZE_INVALID`, `ARTWORK_FORMAT_INVALID`, `ARTWORK_COLOUR_SPACE_INVALID`: podcast artwork rules.
 */
export type ProcessingErrorCode =
  | 'MEDIA_UNREADABLE'
  | 'MEDIA_PROCESSING_FAILED'
  | 'TRIM_RANGE_INVALID'
  | 'SHORT_RANGE_INVALID'
  | 'CHAPTERS_INVALID'
  | 'ARTWORK_SIZE_INVALID'
  | 'ARTWORK_FORMAT_INVALID'
  | 'ARTWORK_COLOUR_SPACE_INVALID';

/** A refusal or failure a creator's file can cause: a stable code and the message they read. */
export class ProcessingError extends Error {
  override readonly name = 'ProcessingError';

  constructor(
    readonly code: ProcessingErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isProcessingError(error: unknown): error is ProcessingError {
  return error instanceof ProcessingError;
}
