import { Injectable } from '@nestjs/common';
import {
  can,
  catalogRequests,
  DomainError,
  directoryChecks,
  feedsRequests,
  isDomainError,
  type DirectoryCheck,
  type DirectoryChecks,
  type DirectoryId,
  type DirectoryEvaluationInput,
  type PodcastPermission,
} from '@castbase/contracts';
import { MessageBus } from '@castbase/platform-messaging';
import { DirectoryStatusRepository } from './directory-status.repository.js';

/**
 * Evaluates a podcast against the directories' requirements (spec 2 §5) for a caller with a role on it: the catalog
 * says who may see the podcast (another user's is PODCAST_NOT_FOUND, like a missing one) and hands over the podcast
 * and its feed episode count; whether a feed URL exists is this service's own feed status.
 */
@Injectable()
export class DirectoryReadiness {
  constructor(
    private readonly bus: MessageBus,
    private readonly statuses: DirectoryStatusRepository,
  ) {}

  /** Throws PODCAST_NOT_FOUND without a role on the podcast, PODCAST_ROLE_FORBIDDEN when the role is too low. */
  async checkAccess(userId: string, podcastId: string, permission: PodcastPermission): Promise<void> {
    const { role } = await this.bus.request(catalogRequests.resolveAccess, { userId, podcastId });
    if (!can(role, permission)) throw new DomainError('PODCAST_ROLE_FORBIDDEN');
  }

  async checks(podcastId: string): Promise<DirectoryChecks> {
    const [input, stored] = await Promise.all([
      this.evaluationInput(podcastId),
      this.statuses.findForPodcast(podcastId),
    ]);
    return directoryChecks(podcastId, input, stored);
  }

  /** One directory's check of the podcast. */
  async check(podcastId: string, directoryId: DirectoryId): Promise<DirectoryCheck> {
    const found = (await this.checks(podcastId)).items.find((item) => item.id === directoryId);
    // Only an inactive directory is missing, and none is: the request schema accepts catalogue ids only.
    if (!found) throw new DomainError('VALIDATION_FAILED');
    return found;
  }

  private async evaluationInput(podcastId: string): Promise<DirectoryEvaluationInput> {
    const { podcast, feedEpisodeCount } = await this.bus.request(catalogRequests.getFeedSource, {
      podcastId,
    });
    return {
      podcast,
      publishedEpisodeCount: feedEpisodeCount,
      hasFeedUrl: await this.hasGeneratedFeed(podcast),
    };
  }

  /** Asked through this service's own status request, which answers FEED_NOT_FOUND before a first generation. */
  private async hasGeneratedFeed(podcast: { id: string; ownerId: string }): Promise<boolean> {
    try {
      await this.bus.request(feedsRequests.getFeedStatus, {
        ownerId: podcast.ownerId,
        podcastId: podcast.id,
      });
      return true;
    } catch (error) {
      if (isDomainError(error) && error.code === 'FEED_NOT_FOUND') return false;
      throw error;
    }
  }
}
