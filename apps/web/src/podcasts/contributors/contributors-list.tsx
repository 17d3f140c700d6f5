import {
  contributorMessages,
  podcastRoleLabels,
  type Contributor,
  type InviteRole,
} from '@castbase/contracts';
import { Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { PlusIcon } from '../../shared/icons/icons.js';
import { FailureBanner, SuccessBanner } from '../../shared/layout/feedback-banners.js';
import type { useSuccessBanner } from '../../shared/layout/use-success-banner.js';
import {
  useChangeContributorRole,
  useContributors,
  useRemoveContributor,
} from '../../shared/podcasts/podcasts-api.js';
import { ContributorRow } from './contributor-row.js';
import { RemovalConfirmation } from './removal-confirmation.js';

interface ContributorsListProps {
  podcastId: string;
  /** The owner changes roles, removes and invites; everyone else reads. */
  manages: boolean;
  banner: ReturnType<typeof useSuccessBanner>;
  onInvite: () => void;
}

/** The people on a podcast: e-mail, name, role and whether they have signed in yet (pending or active). */
export function ContributorsList({ podcastId, manages, banner, onInvite }: ContributorsListProps) {
  const contributors = useContributors(podcastId);
  const changeRole = useChangeContributorRole(podcastId);
  const remove = useRemoveContributor(podcastId);
  const [removing, setRemoving] = useState<Contributor | null>(null);
  // The confirmation had focus; once it is gone the list takes it, rather than the page.
  const list = useRef<HTMLUListElement>(null);

  function chooseRole(contributor: Contributor, role: InviteRole) {
    banner.dismiss();
    remove.reset();
    changeRole.mutate(
      { contributorId: contributor.id, role },
      {
        onSuccess: () =>
          banner.show(contributorMessages.roleChanged(contributor.email, podcastRoleLabels[role])),
      },
    );
  }

  function confirmRemoval(contributor: Contributor) {
    banner.dismiss();
    changeRole.reset();
    remove.mutate(contributor.id, {
      onSuccess: () => {
        setRemoving(null);
        banner.show(contributorMessages.removed(contributor.email));
        list.current?.focus();
      },
    });
  }

  if (contributors.isPending) {
    return (
      <Center py="xl" role="status" aria-label="Loading contributors">
        <Loader />
      </Center>
    );
  }
  if (contributors.isError) {
    return (
      <Stack gap="sm" align="flex-start">
        <FailureBanner title={contributorMessages.loadFailed} error={contributors.error} />
        <Button variant="default" onClick={() => void contributors.refetch()}>
          Retry
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <SuccessBanner message={banner.message} onClose={banner.dismiss} />
      {changeRole.isError && (
        <FailureBanner
          title={contributorMessages.roleChangeFailed}
          error={changeRole.error}
          onClose={changeRole.reset}
        />
      )}
      {remove.isError && (
        <FailureBanner title={contributorMessages.removeFailed} error={remove.error} onClose={remove.reset} />
      )}
      {removing && (
        <RemovalConfirmation
          contributor={removing}
          removing={remove.isPending}
          onCancel={() => setRemoving(null)}
          onConfirm={() => confirmRemoval(removing)}
        />
      )}
      {manages ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {contributors.data.length} {contributors.data.length === 1 ? 'person' : 'people'}
          </Text>
          <Button leftSection={<PlusIcon size={18} />} onClick={onInvite}>
            Invite Contributor
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {contributorMessages.readOnly}
        </Text>
      )}
      <ul
        ref={list}
        tabIndex={-1}
        aria-label="Contributors"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {contributors.data.map((contributor) => (
          <ContributorRow
            key={contributor.id}
            contributor={contributor}
            manages={manages}
            busy={changeRole.isPending || remove.isPending}
            onRole={(role) => chooseRole(contributor, role)}
            onRemove={() => {
              remove.reset();
              setRemoving(contributor);
            }}
          />
        ))}
      </ul>
    </Stack>
  );
}
