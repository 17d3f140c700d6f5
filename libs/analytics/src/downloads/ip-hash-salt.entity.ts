import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * The random salt IP addresses are hashed with on one UTC day. Kept in the database so every replica hashes
 * alike; older salts are deleted, after which no hash can be matched to an address by trying them all.
 */
@Entity({ tableName: 'ip_hash_salts' })
export class IpHashSalt {
  /** `YYYY-MM-DD`, UTC. */
  @PrimaryKey({ type: 'text' })
  day!: string;

  @Property({ type: 'text' })
  salt!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
