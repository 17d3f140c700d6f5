import { createReadStream, createWriteStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { FfmpegBinaries } from '@castbase/platform-ffmpeg';
import { buildEpisodeId3Tag, type Id3EpisodeTag } from './id3-chapter-tag.js';
import { ProcessingError } from './processing-error.js';
import { defaultFfmpegBinaries, probeForStep } from './processing-ffmpeg.js';
import { processingMessages } from './processing-messages.js';

const ID3V2_HEADER_BYTES = 10;
const FOOTER_PRESENT_FLAG = 0x10;
/** A tag larger than this is not read for the frames it keeps (a cover is well under it): it is only skipped. */
const PREVIOUS_TAG_READ_LIMIT = 32 * 1024 * 1024;

/** Where the leading ID3v2 tag(s) of an MP3 end, and the first of them, to keep its cover and album from. */
export interface LeadingId3v2 {
  /** Offset of the first byte after every ID3v2 tag at the start of the file (0 without one). */
  audioOffset: number;
  /** The first tag's bytes, or null without one (or when it is too large to read). */
  firstTag: Buffer | null;
}

/** Reads the ID3v2 tags at the start of `path` (some files carry more than one) without reading the audio. */
export async function readLeadingId3v2(path: string): Promise<LeadingId3v2> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    let offset = 0;
    let firstTag: Buffer | null = null;
    const header = Buffer.alloc(ID3V2_HEADER_BYTES);
    for (;;) {
      const { bytesRead } = await file.read(header, 0, ID3V2_HEADER_BYTES, offset);
      if (bytesRead < ID3V2_HEADER_BYTES || header.toString('latin1', 0, 3) !== 'ID3') break;
      const tagBytes = ID3V2_HEADER_BYTES + syncsafe(header.subarray(6, 10));
      const footer = (header[5]! & FOOTER_PRESENT_FLAG) !== 0 ? ID3V2_HEADER_BYTES : 0;
      const total = tagBytes + footer;
      if (offset + total > size) {
        throw new ProcessingError('MEDIA_UNREADABLE', processingMessages.unreadable);
      }
      if (offset === 0 && total <= PREVIOUS_TAG_READ_LIMIT) {
        firstTag = Buffer.alloc(total);
        await file.read(firstTag, 0, total, 0);
      }
      offset += total;
    }
    return { audioOffset: offset, firstTag };
  } finally {
    await file.close();
  }
}

/**
 * Writes `output`: a new ID3v2.3 tag for the episode (title, chapters as CHAP frames with their URLs and images, the
 * CTOC table of contents; the cover, album and artist kept from the input's tag unless given) followed by the input's
 * bytes after its old tag, streamed as they are: the audio frames are copied byte for byte, never re-encoded, and a
 * file of any size is never held in memory.
 */
export async function retagMp3(
  input: string,
  output: string,
  tag: Id3EpisodeTag,
  binaries: FfmpegBinaries = defaultFfmpegBinaries(),
): Promise<{ output: string; sizeBytes: number; audioOffset: number; tagBytes: number }> {
  const { durationSeconds } = await probeForStep(binaries, input, 'audio');
  const leading = await readLeadingId3v2(input);
  const newTag = buildEpisodeId3Tag(tag, durationSeconds, leading.firstTag);
  const destination = createWriteStream(output);
  await new Promise<void>((resolve, reject) => {
    destination.once('error', reject);
    destination.write(newTag, (error) => (error ? reject(error) : resolve()));
  });
  await pipeline(createReadStream(input, { start: leading.audioOffset }), destination);
  return {
    output,
    sizeBytes: (await stat(output)).size,
    audioOffset: leading.audioOffset,
    tagBytes: newTag.length,
  };
}

/** A 28-bit "syncsafe" integer: four bytes of seven bits each. */
function syncsafe(bytes: Buffer): number {
  return (
    ((bytes[0]! & 0x7f) << 21) | ((bytes[1]! & 0x7f) << 14) | ((bytes[2]! & 0x7f) << 7) | (bytes[3]! & 0x7f)
  );
}
