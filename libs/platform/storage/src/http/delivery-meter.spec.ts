import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';

import { afterEach, describe, expect, it } from '@jest/globals';
import type { StorageDelivery } from '@castbase/contracts';
import { waitFor } from '@castbase/platform-testing';

import { meterDelivery, type StorageDeliveryReporter } from './delivery-meter.js';

const CHUNK = Buffer.alloc(64 * 1024, 1);
/** 16 MiB: far more than a connection holds in flight while its reader has paused. */
const SIZE = 256 * CHUNK.length;
const REFERENCE = '019ac9a0-0000-7000-8000-000000000001';

function body(): Readable {
  return Readable.from(
    (function* () {
      for (let sent = 0; sent < SIZE; sent += CHUNK.length) yield CHUNK;
    })(),
  );
}

describe('meterDelivery', () => {
  let server: Server | undefined;

  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
  });

  /** A server whose every response is the metered body, reporting to `reporter`. */
  async function serve(reporter: StorageDeliveryReporter, interimAfterMs: number): Promise<string> {
    server = createServer((request, response) => {
      response.writeHead(200, { 'Content-Length': String(SIZE) });
      meterDelivery(
        body(),
        response,
        { reference: REFERENCE, firstByte: 0, length: SIZE },
        reporter,
        interimAfterMs,
      ).pipe(response);
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  }

  it('reports a long response once while it streams, then all of it when it finishes', async () => {
    const reports: StorageDelivery[] = [];
    const url = await serve({ report: (delivery) => reports.push(delivery) }, 100);

    let read = 0;
    const finished = new Promise<void>((resolve, reject) => {
      get(url, (response) => {
        // A slow listener: nothing read until the interim report has gone.
        response.pause();
        void waitFor('the interim report', () => reports.length === 1).then(() =>
          response
            .on('data', (chunk: Buffer) => (read += chunk.length))
            .on('end', resolve)
            .resume(),
        );
      }).on('error', reject);
    });
    await finished;

    await waitFor('the final report', () => reports.length === 2);
    expect(reports[0]).toEqual({
      reference: REFERENCE,
      firstByte: 0,
      bytesSent: expect.any(Number),
      complete: false,
    });
    expect(reports[0]!.bytesSent).toBeGreaterThan(0);
    expect(reports[0]!.bytesSent).toBeLessThan(SIZE);
    expect(reports[1]).toEqual({ reference: REFERENCE, firstByte: 0, bytesSent: SIZE, complete: true });
    expect(read).toBe(SIZE);
  });

  it('reports what a listener who went away was sent, and never breaks a response when reporting fails', async () => {
    const reports: StorageDelivery[] = [];
    const url = await serve({ report: (delivery) => reports.push(delivery) }, 60_000);
    await new Promise<void>((resolve, reject) => {
      const request = get(url, (response) => {
        response.once('data', () => {
          request.destroy();
          resolve();
        });
      });
      request.on('error', reject);
    });
    const [cutOff] = await waitFor(
      'the report of the cut-off response',
      () => reports.length === 1 && reports,
    );
    expect(cutOff).toMatchObject({ complete: false });
    expect(cutOff!.bytesSent).toBeLessThan(SIZE);

    await new Promise((resolve) => server?.close(resolve));
    const failing = await serve(
      {
        report: () => {
          throw new Error('the queue is gone');
        },
      },
      0,
    );
    const read = await new Promise<number>((resolve, reject) => {
      get(failing, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length)).on('end', () => resolve(bytes));
      }).on('error', reject);
    });
    expect(read).toBe(SIZE);
  });
});
