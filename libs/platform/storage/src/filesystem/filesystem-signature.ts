import { createHmac, timingSafeEqual } from 'node:crypto';

import type { StorageSignatureProblem } from '../storage-errors.js';

export type SignedMethod = 'GET' | 'PUT';

/** What a filesystem-storage signature covers. */
export interface FilesystemSignedRequest {
  method: SignedMethod;
  key: string;
  /** Unix time in seconds after which the URL is refused. */
  expires: number;
  /** PUT only: the upload must carry exactly this `Content-Type`, as with S3's signed headers. */
  contentType?: string;
  /** GET only: the attachment name the response is served under. */
  downloadName?: string;
}

/**
 * HMAC-SHA256 (hex) over method, key, expiry and the optional content type and download name.
 * The fields are JSON-encoded as one array so no two requests share a signed string.
 */
export function signFilesystemRequest(secret: string, request: FilesystemSignedRequest): string {
  const signedFields = [
    request.method,
    request.key,
    request.expires,
    request.contentType ?? '',
    request.downloadName ?? '',
  ];
  return createHmac('sha256', secret).update(JSON.stringify(signedFields)).digest('hex');
}

export interface FilesystemSignatureCheck extends Partial<FilesystemSignedRequest> {
  method: SignedMethod;
  key: string;
  signature?: string;
  now: Date;
}

/** `null` when the signature is genuine and unexpired, otherwise what is wrong with it. */
export function verifyFilesystemSignature(
  secret: string,
  check: FilesystemSignatureCheck,
): StorageSignatureProblem | null {
  const { signature, expires, now, ...request } = check;
  if (signature === undefined || expires === undefined) return 'missing';
  const expected = Buffer.from(signFilesystemRequest(secret, { ...request, expires }), 'hex');
  const provided = Buffer.from(signature, 'hex');
  if (provided.length !== expected.length || !timingSafeEqual(provided, expected)) return 'invalid';
  if (now.getTime() > expires * 1000) return 'expired';
  return null;
}
