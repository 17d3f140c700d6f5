import { OptionalProps } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** Key material the built-in provider generated once (signing keys, cookie keys), shared by every replica. */
@Entity({ tableName: 'oidc_keys' })
export class OidcKey {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'text' })
  name!: string;

  @Property({ type: 'jsonb' })
  value!: unknown;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
