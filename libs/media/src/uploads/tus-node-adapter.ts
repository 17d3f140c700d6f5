import type { IncomingMessage, ServerResponse } from 'node:http';
import { finished } from 'node:stream';

/**
 * How many bytes of a request body may wait for the store. Node's `Readable.toWeb`, which `@tus/server` puts under
 * every request, copies each socket read (64 KB) and pauses the socket after each one; this lets a megabyte flow.
 */
const BODY_BUFFER_BYTES = 1024 * 1024;

/**
 * The body of a Node request as the web stream `@tus/server` reads: Node's own buffers, not copies. It ends or fails
 * when the request does, as `Readable.toWeb` would.
 */
function bodyStreamOf(request: IncomingMessage): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        request.on('data', (chunk: Buffer) => {
          controller.enqueue(chunk);
          if ((controller.desiredSize ?? 0) <= 0) request.pause();
        });
        finished(request, { writable: false }, (error) => {
          if (error) controller.error(error);
          else controller.close();
        });
      },
      pull() {
        request.resume();
      },
      cancel(reason) {
        request.destroy(reason instanceof Error ? reason : undefined);
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: BODY_BUFFER_BYTES }),
  );
}

/**
 * A Node request as the web request `@tus/server` handles, the Node request and response kept beside it where tus
 * (and our hooks) look for them, as its own adapter does; the body is {@link bodyStreamOf}.
 */
export function tusRequestOf(request: IncomingMessage, response: ServerResponse): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const method = request.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const web = new Request(new URL(request.url ?? '/', 'http://upload'), {
    method,
    headers,
    ...(hasBody ? { body: bodyStreamOf(request), duplex: 'half' } : {}),
  });
  return Object.assign(web, { runtime: { name: 'node', node: { req: request, res: response } } });
}

/** Writes the web response tus answered with to the Node response. */
export async function sendTusResponse(answer: Response, response: ServerResponse): Promise<void> {
  const body = answer.body ? Buffer.from(await answer.arrayBuffer()) : undefined;
  response.writeHead(answer.status, Object.fromEntries(answer.headers));
  response.end(body);
}
