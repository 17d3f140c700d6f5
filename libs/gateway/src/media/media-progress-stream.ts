import type { Request, Response } from 'express';
import { isDomainError, mediaRequests, type MediaFile } from '@castbase/contracts';
import type { MessageBus } from '@castbase/platform-messaging';

/** How often the stream asks the media service for the file while it is processed. */
const POLL_MS = 1000;
/** A comment line keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 15_000;

/**
 * Sends the caller's media file as Server-Sent Events (`event: media`) whenever its processing changes, and ends
 * once it is `ready` or `failed` with no job of it queued or running (a video's renders are followed too). The gateway asks the media service each second rather than subscribing to
 * events: any gateway replica can hold the stream, and a stream that reconnects gets the current state at once.
 * Another owner's id answers 404 before the stream starts. When the media service stops answering, `event: failure`
 * carries the reason (not `error`, which EventSource clients take for a dropped connection).
 */
export async function streamMediaProgress(
  bus: MessageBus,
  ownerId: string,
  mediaId: string,
  request: Request,
  response: Response,
): Promise<void> {
  const read = () => bus.request(mediaRequests.getFile, { ownerId, mediaId });
  let file: MediaFile = await read();
  response.status(200).set({
    'Content-Type': 'text/event-stream',
    'Cache-Control': 'no-cache, no-transform',
    'X-Accel-Buffering': 'no',
  });
  response.flushHeaders();
  let closed = false;
  request.on('close', () => (closed = true));
  let last = '';
  let lastWrite = Date.now();
  while (!closed) {
    const json = JSON.stringify(file);
    if (json !== last) {
      response.write(`event: media\ndata: ${json}\n\n`);
      last = json;
      lastWrite = Date.now();
    } else if (Date.now() - lastWrite > KEEP_ALIVE_MS) {
      response.write(': keep-alive\n\n');
      lastWrite = Date.now();
    }
    if (!isWorking(file)) break;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    if (closed) break;
    try {
      file = await read();
    } catch (error) {
      const message = isDomainError(error) ? error.message : 'The media service did not answer';
      response.write(`event: failure\ndata: ${JSON.stringify({ message })}\n\n`);
      break;
    }
  }
  response.end();
}

function isWorking(file: MediaFile): boolean {
  return (
    file.status === 'processing' ||
    file.jobs.some((job) => job.status === 'queued' || job.status === 'running')
  );
}
