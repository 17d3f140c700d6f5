import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay on 127.0.0.1 to another address, which a test can cut: `cut()` closes every relayed connection and
 * refuses new ones (a server gone away, as its clients see it), `restore()` relays again. For testing what a
 * client does while a real server (PostgreSQL, NATS) is unreachable, without stopping the server other tests share.
 */
export class TcpProxy {
  private readonly sockets = new Set<Socket>();
  private server: Server | undefined;

  private constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  static async start(target: { host: string; port: number }, port = 0): Promise<TcpProxy> {
    const probe = new TcpProxy(port, target);
    const listening = await probe.listen(port);
    // The port chosen by the system is the one `restore` listens on again.
    await probe.cut();
    const proxy = new TcpProxy(listening, target);
    await proxy.listen(listening);
    return proxy;
  }

  /** Closes the relayed connections and stops listening: connecting is refused until `restore`. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  async restore(): Promise<void> {
    if (!this.server) await this.listen(this.port);
  }

  async stop(): Promise<void> {
    await this.cut();
  }

  private listen(port: number): Promise<number> {
    const server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  }
}
