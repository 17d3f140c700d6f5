import { can, contributorMessages, type PodcastSummary } from '@castbase/contracts';
import { Modal } from '@mantine/core';
import { useState } from 'react';
import { useSuccessBanner } from '../../shared/layout/use-success-banner.js';
import { ContributorsList } from './contributors-list.js';
import { InviteContributorForm } from './invite-contributor-form.js';

interface ContributorsDialogsProps {
  podcast: PodcastSummary;
  onClose: () => void;
}

/**
 * The contributor list of a podcast and, above it, the invite dialog (the owner's). Escape closes the one on top.
 */
export function ContributorsDialogs({ podcast, onClose }: ContributorsDialogsProps) {
  const [inviting, setInviting] = useState(false);
  const banner = useSuccessBanner();
  const manages = can(podcast.role, 'manageContributors');

  return (
    <Modal.Stack>
      <Modal
        stackId="contributors"
        opened
        onClose={onClose}
        title={`Contributors of ${podcast.name}`}
        size="lg"
        centered
      >
        <ContributorsList
          podcastId={podcast.id}
          manages={manages}
          banner={banner}
          onInvite={() => {
            banner.dismiss();
            setInviting(true);
          }}
        />
      </Modal>
      <Modal
        stackId="invite"
        opened={manages && inviting}
        onClose={() => setInviting(false)}
        title="Invite Contributor"
        size="md"
        centered
      >
        <InviteContributorForm
          podcastId={podcast.id}
          onCancel={() => setInviting(false)}
          onInvited={(email) => {
            setInviting(false);
            banner.show(contributorMessages.invited(email));
          }}
        />
      </Modal>
    </Modal.Stack>
  );
}
