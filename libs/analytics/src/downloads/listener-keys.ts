import { hash, randomBytes } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { canonicalAddress, listenerAddress, listenerAddressOf } from '../attribution/index.js';

const DAY_MS = 86_400_000;
/** Salts are made this many days ahead, so a new day never waits for the database. */
const DAYS_AHEAD = 2;
const REFRESH_INTERVAL_MS = 60 * 60 * 1000;
/** Hex digits of the SHA-256 kept (16 bytes): 128 bits tell listeners apart as well as 256 would. */
const KEY_HEX_DIGITS = 32;

/** The day `utcDay` answered last: the counting asks it for every request, and nearly all fall on the same day. */
let lastUtcDay = { startMs: Number.NaN, day: '' };

/** `YYYY-MM-DD` of a time in UTC. */
export function utcDay(atMs: number): string {
  if (atMs >= lastUtcDay.startMs && atMs < lastUtcDay.startMs + DAY_MS) return lastUtcDay.day;
  const startMs = Math.floor(atMs / DAY_MS) * DAY_MS;
  const day = new Date(startMs).toISOString().slice(0, 10);
  lastUtcDay = { startMs, day };
  return day;
}

function dayAfter(day: string, days = 1): string {
  return utcDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
}

/** A listener as the counting recognises them, under the salt of the request's day and of the day after (hex). */
export interface ListenerKey {
  day: string;
  next: string;
  /** The address alone under the day's salt, whatever the user agent. */
  address: string;
}

/** The UTC day a request falls in, its bounds and the salts of it and of the day after (hex). */
interface SaltedDay {
  startMs: number;
  endMs: number;
  salt: string;
  nextSalt: string;
}

/**
 * The keyed hash of a listener: SHA-256 of the day's secret salt and the text, cut to 16 bytes (hex). Only a holder of
 * the salt can tell which address gave a key, and the salt is deleted once its day is over. Not HMAC: nothing is ever
 * verified against these keys, so HMAC's defence against length extension buys nothing here, and one `crypto.hash`
 * costs a sixth of a `createHmac` on the download redirect's hot path (three per request).
 */
export function listenerHash(salt: string, text: string): string {
  return hash('sha256', `${salt}\n${text}`, 'hex').slice(0, KEY_HEX_DIGITS);
}

/**
 * Who a request comes from, without keeping who: a keyed hash (`listenerHash`) of the listener's address (IPv6 cut to
 * its /64) and user agent, with a random salt per UTC day, shared by every replica through `ip_hash_salts`. A request gets
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
  /** Each day's salt (hex). */
  private readonly salts = new Map<string, string>();
  /** The day of the last request and its salts: the next request almost always falls in it too. */
  private lastDay: SaltedDay | undefined;
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

  /** `canonical` is `canonicalAddress(ip)`, for a caller that has it already. */
  keyOf(ip: string, userAgent: string, atMs: number, canonical = canonicalAddress(ip)): ListenerKey {
    const { salt, nextSalt } = this.saltedDay(atMs);
    const address = listenerAddressOf(ip, canonical);
    const listener = `${address}\n${userAgent}`;
    return {
      day: listenerHash(salt, listener),
      next: listenerHash(nextSalt, listener),
      address: listenerHash(salt, address),
    };
  }

  /** Only the day's key of `keyOf` (one hash, not three), as bytes: what a feed request or a listening session keeps. */
  dayKeyOf(ip: string, userAgent: string, atMs: number): Buffer {
    const { salt } = this.saltedDay(atMs);
    return Buffer.from(listenerHash(salt, `${listenerAddress(ip)}\n${userAgent}`), 'hex');
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
    for (const row of rows) this.salts.set(row.day, row.salt);
    for (const day of this.salts.keys()) if (day < yesterday) this.salts.delete(day);
    this.lastDay = undefined;
    await connection.execute('delete from analytics.ip_hash_salts where day < ?', [yesterday]);
  }

  private saltedDay(atMs: number): SaltedDay {
    const last = this.lastDay;
    if (last && atMs >= last.startMs && atMs < last.endMs) return last;
    const day = utcDay(atMs);
    const startMs = Date.parse(`${day}T00:00:00Z`);
    const salted = {
      startMs,
      endMs: startMs + DAY_MS,
      salt: this.saltOf(day),
      nextSalt: this.saltOf(dayAfter(day)),
    };
    this.lastDay = salted;
    return salted;
  }

  private saltOf(day: string): string {
    let salt = this.salts.get(day);
    if (!salt) {
      // The database was out of reach for two days of refreshes: a salt of this process's own (another replica's
      // listeners then count apart until the next refresh, which takes the stored salt if there is one).
      salt = randomBytes(32).toString('hex');
      this.salts.set(day, salt);
      this.logger.warn(`no stored listener salt for ${day}: using one of this process`);
    }
    return salt;
  }
}
