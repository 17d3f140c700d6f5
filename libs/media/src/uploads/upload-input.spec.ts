import { describe, expect, it } from '@jest/globals';
import { DomainError, MEDIA_MAX_BYTES } from '@castbase/contracts';
import { parseUploadInput } from './upload-input.js';

function errorOf(work: () => unknown): DomainError {
  try {
    work();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

describe('parseUploadInput', () => {
  it('accepts an MP3 of up to 500 MB', () => {
    expect(parseUploadInput({ fileName: ' show.mp3 ', contentType: 'audio/mpeg', sizeBytes: MEDIA_MAX_BYTES })).toEqual({
      fileName: 'show.mp3',
      contentType: 'audio/mpeg',
      sizeBytes: MEDIA_MAX_BYTES,
    });
  });

  it('refuses an unsupported type with MEDIA_TYPE_NOT_ALLOWED, "This file type is not supported"', () => {
    const error = errorOf(() => parseUploadInput({ fileName: 'notes.txt', contentType: 'text/plain', sizeBytes: 10 }));
    expect(error.toJSON()).toEqual({ code: 'MEDIA_TYPE_NOT_ALLOWED', message: 'This file type is not supported' });
  });

  it('refuses more than 500 MB with MEDIA_TOO_LARGE, "File is too large. The maximum size is 500 MB."', () => {
    const error = errorOf(() => parseUploadInput({ fileName: 'a.wav', contentType: 'audio/wav', sizeBytes: MEDIA_MAX_BYTES + 1 }));
    expect(error.toJSON()).toEqual({ code: 'MEDIA_TOO_LARGE', message: 'File is too large. The maximum size is 500 MB.' });
  });

  it('refuses an empty file name with VALIDATION_FAILED and the issue', () => {
    const error = errorOf(() => parseUploadInput({ fileName: '  ', contentType: 'audio/wav', sizeBytes: 1 }));
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.details).toMatchObject({ issues: [{ path: ['fileName'], message: 'File name is required' }] });
  });
});
