import { Migration } from '@mikro-orm/migrations';

/** A podcast's own bitrate for its published MP3s (issue 8); null keeps the media service's default. */
export class AddPodcastAudioBitrate extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'alter table podcasts add column audio_bitrate_kbps integer null check (audio_bitrate_kbps in (64, 96, 128, 160, 192, 256, 320))',
    );
  }

  override async down(): Promise<void> {
    this.addSql('alter table podcasts drop column audio_bitrate_kbps');
  }
}
