import { Migration } from '@mikro-orm/migrations';

/** Transcripts as media files: the kind `text` (VTT, SRT, JSON and TXT files, stored as they are). */
export class AddTranscriptsToMediaFiles extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table media_files drop constraint media_files_kind_check');
    this.addSql(
      `alter table media_files add constraint media_files_kind_check check (kind in ('audio', 'video', 'image', 'text'))`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`delete from media_files where kind = 'text'`);
    this.addSql('alter table media_files drop constraint media_files_kind_check');
    this.addSql(
      `alter table media_files add constraint media_files_kind_check check (kind in ('audio', 'video', 'image'))`,
    );
  }
}
