/** The HTTP status an S3 client error answered with, when it came from S3 at all. */
export function s3StatusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('$metadata' in error)) return undefined;
  const metadata = (error as { $metadata?: { httpStatusCode?: number } }).$metadata;
  return metadata?.httpStatusCode;
}

/** A missing object; a missing bucket is a configuration problem and is not reported as one. */
export function isS3NotFound(error: unknown): boolean {
  return s3StatusOf(error) === 404 && (error as { name?: string }).name !== 'NoSuchBucket';
}

export function isS3RangeNotSatisfiable(error: unknown): boolean {
  return s3StatusOf(error) === 416;
}

/** S3's etags come quoted (`"abc"`); the port hands them out bare. */
export function bareEtag(etag: string | undefined): string {
  return (etag ?? '').replace(/^"|"$/g, '');
}
