import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FfmpegBinaries } from '@castbase/platform-ffmpeg';
import { ProcessingError } from './processing-error.js';
import { defaultFfmpegBinaries, probeForStep, runFfmpegStep } from './processing-ffmpeg.js';
import { processingMessages } from './processing-messages.js';

export interface Id3Chapter {
  startSeconds: number;
  title: string;
}

export interface Id3Tags {
  /** The episode's title (TIT2). */
  title: string;
  /** The podcast's title (TALB). */
  album: string;
  /** The author or host (TPE1). */
  artist?: string;
  /**
   * A JPEG or PNG to embed as the front cover (APIC). Apps show it while playing; pass a small variant (600 px),
   * since it is in every download.
   */
  artworkPath?: string;
  /**
   * Chapters (CHAP frames), each lasting until the next one starts, the last until the end. ffmpeg 4.1 writes CHAP
   * frames only; newer ffmpeg also writes the table of contents (CTOC) that lists them.
   */
  chapters?: readonly Id3Chapter[];
}

/**
 * Copies the MP3 `input` to `output` with ID3v2.3 tags: title, album, artist, the artwork as front cover, and
 * chapters. The audio is copied, never re-encoded. Other tags of the input are kept; its cover and chapters are
 * replaced by `artworkPath` and `chapters` when they are given.
 */
export async function writeId3Tags(
  input: string,
  output: string,
  tags: Id3Tags,
  binaries: FfmpegBinaries = defaultFfmpegBinaries(),
): Promise<{ output: string; sizeBytes: number }> {
  const folder = await mkdtemp(join(tmpdir(), 'castbase-tags-'));
  try {
    const inputs = ['-i', input];
    const maps = ['-map', '0:a'];
    if (tags.artworkPath) {
      inputs.push('-i', tags.artworkPath);
      maps.push(
        '-map',
        '1:v',
        '-metadata:s:v',
        'title=Album cover',
        '-metadata:s:v',
        'comment=Cover (front)',
      );
    } else {
      maps.push('-map', '0:v?');
    }
    if (tags.chapters && tags.chapters.length > 0) {
      const chaptersPath = join(folder, 'chapters.txt');
      const { durationSeconds } = await probeForStep(binaries, input, 'audio');
      await writeFile(chaptersPath, ffmetadataChapters(tags.chapters, durationSeconds));
      const chaptersInput = inputs.filter((arg) => arg === '-i').length;
      inputs.push('-f', 'ffmetadata', '-i', chaptersPath);
      maps.push('-map_chapters', String(chaptersInput));
    }
    const metadata = Object.entries({ title: tags.title, album: tags.album, artist: tags.artist })
      .filter(([, value]) => value !== undefined)
      .flatMap(([key, value]) => ['-metadata', `${key}=${value}`]);
    await runFfmpegStep(binaries, [
      ...inputs,
      ...maps,
      ...metadata,
      ...['-c', 'copy', '-id3v2_version', '3', '-f', 'mp3', output],
    ]);
    return { output, sizeBytes: (await stat(output)).size };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** An ffmetadata file with one [CHAPTER] section per chapter, in milliseconds; ffmpeg writes CHAP frames from it. */
function ffmetadataChapters(chapters: readonly Id3Chapter[], durationSeconds: number): string {
  const sorted = [...chapters].sort((a, b) => a.startSeconds - b.startSeconds);
  const endMs = Math.round(durationSeconds * 1000);
  const sections = sorted.map((chapter, index) => {
    const startMs = Math.max(0, Math.round(chapter.startSeconds * 1000));
    if (startMs >= endMs) {
      throw new ProcessingError(
        'CHAPTERS_INVALID',
        processingMessages.chapterAfterEnd(chapter.title, durationSeconds),
      );
    }
    const next = sorted[index + 1];
    const chapterEndMs = next ? Math.round(next.startSeconds * 1000) : endMs;
    return [
      '[CHAPTER]',
      'TIMEBASE=1/1000',
      `START=${startMs}`,
      `END=${chapterEndMs}`,
      `title=${escape(chapter.title)}`,
    ];
  });
  return [';FFMETADATA1', ...sections.flat(), ''].join('\n');
}

/** ffmetadata's escaping: `=`, `;`, `#`, `\` and line breaks are preceded by a backslash. */
function escape(value: string): string {
  return value.replace(/[=;#\\\n]/g, (character) => `\\${character}`);
}
