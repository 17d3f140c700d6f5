import { TcpProxy } from '@castbase/platform-testing';

/**
 * A TCP relay in front of a test database, for a download writer of "another process" that a test cuts off from
 * PostgreSQL (`proxy.cut()`) and lets back (`proxy.restore()`): answers the relay and the database URL through it.
 */
export async function databaseRelay(databaseUrl: string): Promise<{ proxy: TcpProxy; url: string }> {
  const url = new URL(databaseUrl);
  const proxy = await TcpProxy.start({ host: url.hostname, port: Number(url.port || 5432) });
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  return { proxy, url: url.href };
}
