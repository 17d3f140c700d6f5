import { DomainError } from '@castbase/contracts';
import type { RemoteFetcher } from './remote-fetcher.js';

/** Spec 2 §2: the transcript preview shows a remote text file of at most about 1 MB. */
export const MAX_REMOTE_TEXT_BYTES = 1024 * 1024;

/** Types that transcripts are served as; servers often give .vtt and .srt files a generic type, or none. */
const TEXT_TYPES = /^(text\/|application\/(json|x-subrip|srt|vtt|octet-stream)\b)/i;

/** The text of a remote file, or REMOTE_NOT_TEXT for a type or bytes that are not text. */
export async function fetchRemoteText(fetcher: RemoteFetcher, url: string): Promise<string> {
  const response = await fetcher.fetch(url, {
    accept: 'text/plain, text/vtt, application/x-subrip, application/json;q=0.9, */*;q=0.1',
    maxBytes: MAX_REMOTE_TEXT_BYTES,
  });
  if (response.contentType && !TEXT_TYPES.test(response.contentType))
    throw new DomainError('REMOTE_NOT_TEXT');
  if (response.body.includes(0)) throw new DomainError('REMOTE_NOT_TEXT');
  return new TextDecoder('utf-8').decode(response.body);
}
