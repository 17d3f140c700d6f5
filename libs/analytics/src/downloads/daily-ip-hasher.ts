import { createHash, randomBytes } from 'node:crypto';
import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { IpHashSalt } from './ip-hash-salt.entity.js';

/** `YYYY-MM-DD` of `at` in UTC. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

function dayBefore(day: string): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000));
}

/**
 * Hashes listener IP addresses as SHA-256 of the day's random salt and the address, so downloads can be told
 * apart within a day without storing an address. Salts older than yesterday are deleted when a day's salt is
 * made, which makes older hashes unmatchable.
 */
@Injectable()
export class DailyIpHasher {
  private cached: { day: string; salt: string } | undefined;

  constructor(private readonly em: EntityManager) {}

  async hash(ip: string, at: Date): Promise<string> {
    const salt = await this.saltOf(utcDay(at));
    return createHash('sha256').update(`${salt}:${ip}`).digest('hex');
  }

  private async saltOf(day: string): Promise<string> {
    if (this.cached?.day === day) return this.cached.salt;
    const em = this.em.fork();
    const stored = (await em.findOne(IpHashSalt, { day })) ?? (await this.createSalt(em, day));
    this.cached = { day, salt: stored.salt };
    return stored.salt;
  }

  /** Another replica may create the same day's salt at the same moment: then its salt is used. */
  private async createSalt(em: EntityManager, day: string): Promise<IpHashSalt> {
    const salt = new IpHashSalt();
    salt.day = day;
    salt.salt = randomBytes(32).toString('hex');
    try {
      await em.insert(salt);
    } catch (error) {
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
    }
    await em.nativeDelete(IpHashSalt, { day: { $lt: dayBefore(day) } });
    return em.fork().findOneOrFail(IpHashSalt, { day });
  }
}
