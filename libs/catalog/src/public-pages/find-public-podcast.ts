import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { DomainError } from '@castbase/contracts';
import { containsPattern } from '../episodes/episode-list-query.js';
import { Podcast } from '../podcasts/podcast.entity.js';

const uuid = z.uuid();

/** `text` matched exactly but in any case, with LIKE's own characters (%, _ and the escape) taken literally. */
const exactPattern = (text: string) => containsPattern(text).slice(1, -1);

/**
 * The podcast `/podcast/{name}` shows, and the owner's other public podcasts. `name` is a podcast id (a UUID: a
 * username can never be one, since usernames have no hyphens) or an owner's username, in any case (usernames are
 * unique whatever their case): then it is that owner's oldest public podcast, and the others are listed beside it.
 * A private podcast has no public page: PODCAST_NOT_FOUND, like a missing one.
 */
export async function findPublicPodcast(
  em: EntityManager,
  name: string,
): Promise<{ podcast: Podcast; otherPodcasts: Podcast[] }> {
  if (uuid.safeParse(name).success) {
    const podcast = await em.findOne(Podcast, { id: name, visibility: 'public' });
    if (!podcast) throw new DomainError('PODCAST_NOT_FOUND');
    return { podcast, otherPodcasts: [] };
  }
  const podcasts = await em.find(
    Podcast,
    { ownerUsername: { $ilike: exactPattern(name) }, visibility: 'public' },
    { orderBy: { createdAt: 'asc', id: 'asc' } },
  );
  const [podcast] = podcasts;
  if (!podcast) throw new DomainError('PODCAST_NOT_FOUND');
  // A username may have changed hands: only the oldest podcast's owner's podcasts are theirs.
  return { podcast, otherPodcasts: podcasts.slice(1).filter((other) => other.ownerId === podcast.ownerId) };
}
