import { randomBytes } from 'node:crypto';
import { Socket } from 'node:net';

/** Values the Jest global setup hands to every test file through the environment. */
export const TEST_ENV = {
  adminUrl: 'CASTBASE_TEST_ADMIN_URL',
  templateDatabase: 'CASTBASE_TEST_TEMPLATE_DB',
  natsUrl: 'CASTBASE_TEST_NATS_URL',
  runId: 'CASTBASE_TEST_RUN_ID',
  devSigningKey: 'CASTBASE_TEST_DEV_SIGNING_KEY',
} as const;

export function testEnv(name: keyof typeof TEST_ENV): string | undefined {
  const value = process.env[TEST_ENV[name]];
  return value === '' ? undefined : value;
}

export function requireTestEnv(name: keyof typeof TEST_ENV): string {
  const value = testEnv(name);
  if (!value)
    throw new Error(`${TEST_ENV[name]} is not set: run tests through jest (its global setup sets it)`);
  return value;
}

/** A short unique name, safe as a database name, a bus namespace or a stream name. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${requireRunIdOrRandom()}_${randomBytes(4).toString('hex')}`.toLowerCase();
}

function requireRunIdOrRandom(): string {
  return testEnv('runId') ?? randomBytes(3).toString('hex');
}

/** Whether something accepts TCP connections at host:port within the timeout. */
export function isPortOpen(host: string, port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    socket.connect(port, host, () => done(true));
  });
}

/** The NATS URL tests should use, or undefined when no NATS server answered at setup. */
export function natsUrlForTests(): string | undefined {
  return testEnv('natsUrl');
}
