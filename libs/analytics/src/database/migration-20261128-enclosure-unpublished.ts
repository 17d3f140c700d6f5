import { Migration } from '@mikro-orm/migrations';

/**
 * An unpublished episode keeps its enclosure (its title and length still label and measure its downloads in the
 * reports) but its `/e/` URL answers 404 until it is published again: `unpublished_at` says since when.
 */
export class AddEnclosureUnpublishedAt extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table enclosures add column unpublished_at timestamptz null');
  }

  override async down(): Promise<void> {
    this.addSql('alter table enclosures drop column unpublished_at');
  }
}
