import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  catalogEvents,
  catalogRequests,
  DomainError,
  type ParsedRequestOf,
  type ReplyOf,
} from '@castbase/contracts';
import { Outbox, type RequestHandler } from '@castbase/platform-messaging';
import { violatesUniqueConstraint } from '@castbase/platform-persistence';
import { requirePodcastRole } from '../access/podcast-access.js';
import { Contributor } from './contributor.entity.js';

type Definition = typeof catalogRequests.inviteContributor;

/**
 * Invites a person by e-mail as editor or viewer (owner only). The invitation is pending until someone with that
 * e-mail is seen signed in; catalog.contributor.invited lets a mailer tell them. An e-mail that already has a row
 * on the podcast (whatever its case, the owner's included) is CONTRIBUTOR_EXISTS.
 */
@Injectable()
export class InviteContributorHandler implements RequestHandler<Definition> {
  readonly definition = catalogRequests.inviteContributor;

  constructor(
    private readonly em: EntityManager,
    private readonly outbox: Outbox,
  ) {}

  async handle({ userId, podcastId, input }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    try {
      return await this.em.fork().transactional(async (em) => {
        await requirePodcastRole(em, userId, podcastId, 'manageContributors');
        const [existing] = await em.execute<Array<{ id: string }>>(
          'select id from catalog.contributors where podcast_id = ? and lower(email) = lower(?)',
          [podcastId, input.email],
        );
        if (existing) throw new DomainError('CONTRIBUTOR_EXISTS');
        const invitation = em.create(Contributor, {
          podcastId,
          email: input.email,
          role: input.role,
          status: 'pending',
          invitedBy: userId,
        });
        this.outbox.add(em, catalogEvents.contributorInvited, {
          podcastId,
          contributorId: invitation.id,
          email: invitation.email,
          role: invitation.role,
        });
        await em.flush();
        return invitation.toDto();
      });
    } catch (error) {
      // The same e-mail invited twice at the same moment: the unique index lets one in.
      if (violatesUniqueConstraint(error, 'contributors_podcast_id_email_unique')) {
        throw new DomainError('CONTRIBUTOR_EXISTS');
      }
      throw error;
    }
  }
}
