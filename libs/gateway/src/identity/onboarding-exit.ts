import {
  catalogRequests,
  identityRequests,
  isDomainError,
  mediaRequests,
  type OnboardingExitResult,
  type Podcast,
} from '@castbase/contracts';
import type { MessageBus } from '@castbase/platform-messaging';

/**
 * Onboarding's confirmed Exit, across three services: the logo uploaded in the wizard (media), whether the
 * creator has podcasts (catalog), and the profile of a creator who has none (identity). Podcasts that exist are
 * never removed here, nor a logo one of them uses as artwork.
 */
export async function exitOnboarding(
  bus: MessageBus,
  userId: string,
  logoMediaId: string | null | undefined,
): Promise<OnboardingExitResult> {
  // Podcasts shared with the creator count too: their profile is how they reach them.
  const { items: podcasts } = await bus.request(catalogRequests.listPodcasts, { userId });
  const logoDeleted = logoMediaId ? await deleteUnusedLogo(bus, userId, logoMediaId, podcasts) : false;
  const { profileDeleted } = await bus.request(identityRequests.abandonOnboarding, {
    userId,
    hasPodcasts: podcasts.length > 0,
  });
  return { profileDeleted, logoDeleted };
}

async function deleteUnusedLogo(
  bus: MessageBus,
  userId: string,
  mediaId: string,
  podcasts: readonly Podcast[],
): Promise<boolean> {
  if (podcasts.some((podcast) => podcast.artworkMediaId === mediaId)) return false;
  try {
    const { deleted } = await bus.request(mediaRequests.deleteFile, { ownerId: userId, mediaId });
    return deleted;
  } catch (error) {
    // Another creator's file, or one already gone: media answers "not found", and nothing is deleted.
    if (isDomainError(error) && error.code === 'MEDIA_NOT_FOUND') return false;
    throw error;
  }
}
