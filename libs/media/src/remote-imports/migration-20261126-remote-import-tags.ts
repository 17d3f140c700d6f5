import { Migration } from '@mikro-orm/migrations';

/**
 * The tags an imported episode's file is taken to carry (the fingerprint of its file, title and chapters when it was
 * published by the import): the file is re-tagged only once one of them changes.
 */
export class AddTagFingerprintToRemoteImports extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table remote_imports add column tag_fingerprint text null');
  }

  override async down(): Promise<void> {
    this.addSql('alter table remote_imports drop column tag_fingerprint');
  }
}
