import { randomUUID } from 'node:crypto';
import { BigIntType } from '@mikro-orm/postgresql';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** One request for an episode's media through the enclosure redirect. Raw IP addresses are never stored. */
@Entity({ tableName: 'downloads' })
@Index({ properties: ['episodeId', 'occurredAt'] })
export class Download {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  episodeId!: string;

  @Index()
  @Property({ type: 'uuid' })
  podcastId!: string;

  /** The episode's owner, from its enclosure: what account deletion erases by. */
  @Index()
  @Property({ type: 'text' })
  ownerId!: string;

  @Property({ type: 'timestamptz' })
  occurredAt: Date = new Date();

  /** SHA-256 of the address with the day's salt: the same listener is recognisable within a day, not beyond. */
  @Property({ type: 'text' })
  ipHash!: string;

  @Property({ type: 'text', nullable: true })
  userAgent: string | null = null;

  @Property({ type: 'text', nullable: true })
  referrer: string | null = null;

  /** First byte of a `Range: bytes=N-` request (0 for players that ask for the start); null without `Range`. */
  @Property({ type: new BigIntType('number'), nullable: true })
  rangeStart: number | null = null;
}
