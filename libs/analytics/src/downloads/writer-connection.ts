import pg from 'pg';

/**
 * One PostgreSQL connection of the download writer, opened when first needed. `run` gives up after a timeout and
 * drops the connection, so PostgreSQL aborts whatever the statement was doing; the next `run` connects again.
 */
export class WriterConnection {
  private client: pg.Client | undefined;

  constructor(
    private readonly url: string,
    private readonly timeoutMs: number,
  ) {}

  async run<T>(work: (client: pg.Client) => Promise<T>, timeoutMs = this.timeoutMs): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      return await Promise.race([this.connect().then(work), timedOut]);
    } catch (error) {
      await this.close();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<pg.Client> {
    if (this.client) return this.client;
    const client = new pg.Client({
      connectionString: this.url,
      application_name: 'castbase-analytics-downloads',
      connectionTimeoutMillis: this.timeoutMs,
    });
    client.on('error', () => {
      if (this.client === client) this.client = undefined;
    });
    this.client = client;
    try {
      await client.connect();
    } catch (error) {
      if (this.client === client) this.client = undefined;
      throw error;
    }
    return client;
  }
}
