import { ARTWORK_MAX_PX, ARTWORK_MIN_PX } from '@castbase/contracts';

/**
 * What a creator reads when processing refuses or fails on their file. Kept here until they join the other media
 * messages in `libs/contracts`.
 */
export const processingMessages = {
  unreadable: 'The file could not be read as audio, video or an image',
  noAudio: 'The file has no audio in it',
  noVideo: 'The file has no video in it',
  failed: 'The file could not be processed',
  trimEndNotAfterStart: 'Trim end must be greater than trim start',
  trimStartAfterEnd: (durationSeconds: number) =>
    `Trim start must be before the end of the video (${formatSeconds(durationSeconds)})`,
  shortTooLong: 'A short is at most 60 seconds',
  shortTooShort: 'A short must last more than 0 seconds',
  shortStartAfterEnd: (durationSeconds: number) =>
    `A short must start before the end of the video (${formatSeconds(durationSeconds)})`,
  chapterAfterEnd: (title: string, durationSeconds: number) =>
    `Chapter "${title}" starts after the end of the episode (${formatSeconds(durationSeconds)})`,
  artworkSize: (width: number, height: number) =>
    `Podcast artwork must be square, between ${ARTWORK_MIN_PX}x${ARTWORK_MIN_PX} and ${ARTWORK_MAX_PX}x${ARTWORK_MAX_PX} pixels; this image is ${width}x${height}`,
  artworkFormat: (format: string) =>
    `Podcast artwork must be a JPEG or PNG image; this image is ${format.toUpperCase()}`,
  artworkColourSpace: (space: string) => `Podcast artwork must be in RGB colour; this image is ${space}`,
} as const;

function formatSeconds(seconds: number): string {
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
