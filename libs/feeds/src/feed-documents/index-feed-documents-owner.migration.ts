import { Migration } from '@mikro-orm/migrations';

/** Erasing an account finds its feeds by owner. */
export class IndexFeedDocumentsOwner extends Migration {
  override up(): void {
    this.addSql('create index feed_documents_owner_id_idx on feed_documents (owner_id)');
  }

  override down(): void {
    this.addSql('drop index if exists feed_documents_owner_id_idx');
  }
}
