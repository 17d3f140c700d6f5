import { describe, expect, it } from '@jest/globals';

import {
  signFilesystemRequest,
  verifyFilesystemSignature,
  type FilesystemSignedRequest,
} from './filesystem-signature.js';

const secret = 'k'.repeat(32);
const signedAt = new Date('2030-01-01T00:00:00Z');
const request: FilesystemSignedRequest = {
  method: 'PUT',
  key: 'uploads/episode.mp3',
  expires: signedAt.getTime() / 1000 + 60,
  contentType: 'audio/mpeg',
};
const signature = signFilesystemRequest(secret, request);

describe('verifyFilesystemSignature', () => {
  it('accepts the signed request until its expiry second has passed', () => {
    expect(verifyFilesystemSignature(secret, { ...request, signature, now: signedAt })).toBeNull();
    expect(
      verifyFilesystemSignature(secret, { ...request, signature, now: new Date(request.expires * 1000) }),
    ).toBeNull();
    expect(
      verifyFilesystemSignature(secret, { ...request, signature, now: new Date(request.expires * 1000 + 1) }),
    ).toBe('expired');
  });

  it.each([
    ['method', { method: 'GET' as const }],
    ['key', { key: 'uploads/other.mp3' }],
    ['expiry', { expires: request.expires + 1 }],
    ['content type', { contentType: 'text/html' }],
    ['download name', { downloadName: 'x.mp3' }],
  ])('rejects the signature when the %s differs', (_field, change) => {
    expect(verifyFilesystemSignature(secret, { ...request, ...change, signature, now: signedAt })).toBe(
      'invalid',
    );
  });

  it('rejects a signature made with another secret, or that is not hex', () => {
    const forged = signFilesystemRequest('z'.repeat(32), request);
    expect(verifyFilesystemSignature(secret, { ...request, signature: forged, now: signedAt })).toBe(
      'invalid',
    );
    expect(
      verifyFilesystemSignature(secret, { ...request, signature: 'not-a-signature', now: signedAt }),
    ).toBe('invalid');
  });

  it('reports a request without expiry or signature as missing', () => {
    expect(verifyFilesystemSignature(secret, { ...request, now: signedAt })).toBe('missing');
    expect(
      verifyFilesystemSignature(secret, { ...request, expires: undefined, signature, now: signedAt }),
    ).toBe('missing');
  });
});
