import { Migration } from '@mikro-orm/migrations';

/**
 * The outbox and processed-event tables, in the schema of the service whose migration list includes this
 * (its migrator's `migrations.schema`, else the ORM's `schema`). Matches the `OutboxMessage` and
 * `ProcessedEvent` entities exactly, so a schema diff of the service finds nothing to change.
 */
export class CreateMessagingTables extends Migration {
  override name = 'CreateMessagingTables';

  override up(): void {
    const schema = this.targetSchema();
    const table = (name: string) => (schema ? `"${schema}"."${name}"` : `"${name}"`);
    if (schema) this.addSql(`create schema if not exists "${schema}";`);
    this.addSql(
      `create table ${table('outbox_messages')} (` +
        `"id" uuid not null, "subject" varchar(255) not null, "payload" jsonb not null, "headers" jsonb not null, ` +
        `"occurred_at" timestamptz not null, "published_at" timestamptz null, "attempts" int not null default 0, ` +
        `"last_error" text null, primary key ("id"));`,
    );
    this.addSql(
      `create index "outbox_messages_unpublished_idx" on ${table('outbox_messages')} ("published_at", "id");`,
    );
    this.addSql(
      `create table ${table('processed_events')} (` +
        `"consumer" varchar(255) not null, "event_id" uuid not null, "processed_at" timestamptz not null, ` +
        `primary key ("consumer", "event_id"));`,
    );
  }

  override down(): void {
    const schema = this.targetSchema();
    const table = (name: string) => (schema ? `"${schema}"."${name}"` : `"${name}"`);
    this.addSql(`drop table if exists ${table('processed_events')};`);
    this.addSql(`drop table if exists ${table('outbox_messages')};`);
  }

  private targetSchema(): string | undefined {
    const schema = this.config.get('migrations').schema ?? this.config.get('schema');
    if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema))
      throw new Error(`Unexpected schema name "${schema}"`);
    return schema;
  }
}
