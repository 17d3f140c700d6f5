import { Socket } from 'node:net';

/** Whether something accepts TCP connections at the URL's host and port within the timeout. */
export function isReachable(url: string, defaultPort: number, timeoutMs = 500): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    socket.connect(Number(port || defaultPort), hostname.replace(/^\[|\]$/g, ''), () => done(true));
  });
}

export const TEST_NATS_URL = process.env['NATS_URL'] || 'nats://127.0.0.1:4222';
export const TEST_DATABASE_ADMIN_URL =
  process.env['DATABASE_URL'] || 'postgres://postgres@127.0.0.1:5432/postgres';
