import { isDomainError, type Contributor } from '@castbase/contracts';

/** The people a podcast's notifications go to: its owner and its active contributors. */
export function podcastTeam(ownerId: string, contributors: readonly Contributor[]): Set<string> {
  return new Set([
    ownerId,
    ...contributors.flatMap((contributor) =>
      contributor.status === 'active' && contributor.userId ? [contributor.userId] : [],
    ),
  ]);
}

/** The catalog's answers, or null when the podcast or episode is gone (deleted since the event). */
export async function unlessGone<T>(answers: Promise<T>): Promise<T | null> {
  try {
    return await answers;
  } catch (error) {
    if (isDomainError(error) && (error.code === 'PODCAST_NOT_FOUND' || error.code === 'EPISODE_NOT_FOUND'))
      return null;
    throw error;
  }
}
