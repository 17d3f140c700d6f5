/**
 * Where unsigned reads of a bucket are served from when no `publicBaseUrl` is configured:
 * `<endpoint>/<bucket>` with path-style addressing, `<scheme>://<bucket>.<endpoint host>` with
 * virtual-hosted addressing, and the AWS regional bucket host without an endpoint.
 */
export function defaultS3PublicBaseUrl(options: {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle?: boolean;
}): string {
  if (!options.endpoint) return `https://${options.bucket}.s3.${options.region}.amazonaws.com`;
  const endpoint = new URL(options.endpoint);
  const endpointUrl = options.endpoint.replace(/\/+$/, '');
  if (options.forcePathStyle) return `${endpointUrl}/${options.bucket}`;
  return `${endpoint.protocol}//${options.bucket}.${endpoint.host}${endpoint.pathname.replace(/\/+$/, '')}`;
}
