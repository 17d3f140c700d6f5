import { createHash } from 'node:crypto';
import { z } from 'zod';
import { chapterSchema, type Chapter } from '@castbase/contracts';

export const TAG_EPISODE_AUDIO = 'tag-episode-audio' as const;

/** What a tagging job writes, as its params hold it: the episode's state when the job was asked for. */
export const tagEpisodeParamsSchema = z.object({
  episodeId: z.uuid(),
  podcastId: z.uuid(),
  /** The podcast's owner (a chapter image of theirs may be embedded). */
  episodeOwnerId: z.string(),
  title: z.string(),
  chapters: z.array(chapterSchema),
  /** Of the file, title and chapters: a change of any of them is a new tagging. */
  fingerprint: z.string(),
  /**
   * When the catalog made the change (its event's time): runs of one episode are ordered by it, so an event delivered
   * late, or again, never has the older chapters written over the newer ones.
   */
  changedAt: z.iso.datetime(),
});
export type TagEpisodeParams = z.infer<typeof tagEpisodeParamsSchema>;

/** The role of an episode's own tagged copy among the outputs of the media file it plays. */
export function episodeAudioRole(episodeId: string): string {
  return `episode-${episodeId}`;
}

/** What the tag depends on, as a hash: the file, the title, and each chapter's times, title, URL, image and toc. */
export function tagFingerprint(mediaId: string, title: string, chapters: readonly Chapter[]): string {
  const tagged = [...chapters]
    .sort((a, b) => a.startTime - b.startTime)
    .map((chapter) => [
      chapter.startTime,
      chapter.endTime ?? null,
      chapter.title,
      chapter.url ?? null,
      chapter.image ?? null,
      chapter.toc,
    ]);
  return createHash('sha256')
    .update(JSON.stringify([mediaId, title, tagged]))
    .digest('hex');
}
