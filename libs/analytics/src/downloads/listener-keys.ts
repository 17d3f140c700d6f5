import { createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { listenerAddress } from '../attribution/index.js';

const DAY_MS = 86_400_000;
/** Salts are made this many days ahead, so a new day never waits for the database. */
const DAYS_AHEAD = 2;
const REFRESH_INTERVAL_MS = 60 * 60 * 1000;
/** Bytes of HMAC-SHA-256 kept: 128 bits tell listeners apart as well as 256 would. */
const KEY_BYTES = 16;

/** `YYYY-MM-DD` of a time in UTC. */
export function utcDay(atMs: number): string {
  return new Date(atMs).toISOString().slice(0, 10);
}

function dayAfter(day: string, days = 1): string {
  return utcDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
}

/** A listener as the counting recognises them, under the salt of the request's day and of the day after. */
export interface ListenerKey {
  day: Buffer;
  next: Buffer;
  /** The address alone under the day's salt, whatever the user agent. */
  address: Buffer;
}

/**
 * Who a request comes from, without keeping who: HMAC-SHA-256 of the listener's address (IPv6 cut to its /64) and
 * user agent, keyed with a random salt per UTC day, shared by every replica through `ip_hash_salts`. A request gets
 * two keys, under its day's salt and the next day's, so the counting's rolling 24-hour window can match a request
 * at 23:50 with one at 00:10 (the first's `next` is the second's `day`). Salts are deleted once their days are over
 * (the day before yesterday's and older), after which no key can be traced back to an address.
 *
 * The salts of today and the next two days are in memory, so `keyOf` is synchronous and never waits for the
 * database; they are made ahead each hour.
 */
@Injectable()
export class ListenerKeys implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(ListenerKeys.name);
  /** Each day's salt as a KeyObject: an HMAC keyed with a Buffer costs several times more in Node 24. */
  private readonly salts = new Map<string, KeyObject>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly em: EntityManager) {}

  async onModuleInit(): Promise<void> {
    await this.refresh();
    this.timer = setInterval(() => {
      this.refresh().catch((error: unknown) =>
        this.logger.warn(
          `listener salts not refreshed: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
    }, REFRESH_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  keyOf(ip: string, userAgent: string, atMs: number): ListenerKey {
    const day = utcDay(atMs);
    const address = listenerAddress(ip);
    const listener = `${address}\n${userAgent}`;
    return {
      day: this.hash(day, listener),
      next: this.hash(dayAfter(day), listener),
      address: this.hash(day, address),
    };
  }

  /** Only the day's key of `keyOf` (one HMAC, not three): what a feed request keeps of its fetcher. */
  dayKeyOf(ip: string, userAgent: string, atMs: number): Buffer {
    const day = utcDay(atMs);
    return this.hash(day, `${listenerAddress(ip)}\n${userAgent}`);
  }

  /** Makes today's and the next days' salts where missing (another replica's win), forgets the days that are over. */
  async refresh(now = Date.now()): Promise<void> {
    const today = utcDay(now);
    const days = Array.from({ length: DAYS_AHEAD + 1 }, (_, index) => dayAfter(today, index));
    const connection = this.em.getConnection();
    for (const day of days) {
      await connection.execute(
        `insert into analytics.ip_hash_salts (day, salt, created_at) values (?, ?, now()) on conflict (day) do nothing`,
        [day, randomBytes(32).toString('hex')],
      );
    }
    // Yesterday's salt too: a feed-request batch or a request of 23:59 may be keyed just after midnight.
    const yesterday = dayAfter(today, -1);
    const rows = await connection.execute<Array<{ day: string; salt: string }>>(
      'select day, salt from analytics.ip_hash_salts where day >= ?',
      [yesterday],
    );
    for (const row of rows) this.salts.set(row.day, createSecretKey(Buffer.from(row.salt, 'hex')));
    for (const day of this.salts.keys()) if (day < yesterday) this.salts.delete(day);
    await connection.execute('delete from analytics.ip_hash_salts where day < ?', [yesterday]);
  }

  private hash(day: string, listener: string): Buffer {
    let salt = this.salts.get(day);
    if (!salt) {
      // The database was out of reach for two days of refreshes: a salt of this process's own (another replica's
      // listeners then count apart until the next refresh, which takes the stored salt if there is one).
      salt = createSecretKey(randomBytes(32));
      this.salts.set(day, salt);
      this.logger.warn(`no stored listener salt for ${day}: using one of this process`);
    }
    return createHmac('sha256', salt).update(listener).digest().subarray(0, KEY_BYTES);
  }
}
