import { Migration } from '@mikro-orm/migrations';

/** Images as media files: the kind `image`, and the picture size ffprobe reads from images and videos. */
export class AddImagesToMediaFiles extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table media_files drop constraint media_files_kind_check');
    this.addSql(
      `alter table media_files add constraint media_files_kind_check check (kind in ('audio', 'video', 'image'))`,
    );
    this.addSql('alter table media_files add column width integer null check (width > 0)');
    this.addSql('alter table media_files add column height integer null check (height > 0)');
  }

  override async down(): Promise<void> {
    this.addSql(`delete from media_files where kind = 'image'`);
    this.addSql('alter table media_files drop column height');
    this.addSql('alter table media_files drop column width');
    this.addSql('alter table media_files drop constraint media_files_kind_check');
    this.addSql(
      `alter table media_files add constraint media_files_kind_check check (kind in ('audio', 'video'))`,
    );
  }
}
