import { Migration } from '@mikro-orm/migrations';

/**
 * Bytes actually sent, for the downloads Castbase serves itself (filesystem storage): `download_requests.own_storage`
 * marks a request whose 302 went to Castbase's own storage, which reports what it sent of it
 * (`storage.object.delivered`); `download_deliveries` keeps, per request, the report that sent the most bytes. The
 * counting then covers the delivered range of such a request instead of the range it asked for. `requested_at` is the
 * request's `occurred_at`, read from its id (a UUIDv7): retention drops deliveries with their requests' days.
 */
export class CreateDownloadDeliveries extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table download_requests add column own_storage boolean not null default false');
    this.addSql(`
      create table download_deliveries (
        request_id uuid primary key,
        requested_at timestamptz not null,
        first_byte bigint not null,
        bytes_sent bigint not null,
        complete boolean not null,
        reported_at timestamptz not null default now()
      )`);
    this.addSql('create index download_deliveries_requested_at_index on download_deliveries (requested_at)');
  }

  override async down(): Promise<void> {
    this.addSql('drop table download_deliveries');
    this.addSql('alter table download_requests drop column own_storage');
  }
}
