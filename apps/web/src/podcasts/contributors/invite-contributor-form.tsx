import {
  contributorMessages,
  inviteContributorInputSchema,
  inviteRoleSchema,
  podcastRoleDescriptions,
  podcastRoleLabels,
  type InviteRole,
} from '@castbase/contracts';
import { Button, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../shared/api/api-error.js';
import { FailureBanner } from '../../shared/layout/feedback-banners.js';
import { useInviteContributor } from '../../shared/podcasts/podcasts-api.js';

interface InviteContributorFormProps {
  podcastId: string;
  onCancel: () => void;
  onInvited: (email: string) => void;
}

/** An e-mail (required) and a role, editor or viewer; the invitation is pending until that person signs in. */
export function InviteContributorForm({ podcastId, onCancel, onInvited }: InviteContributorFormProps) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InviteRole>('editor');
  const [emailError, setEmailError] = useState<string | null>(null);
  const invite = useInviteContributor(podcastId);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    invite.reset();
    const parsed = inviteContributorInputSchema.safeParse({ email, role });
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setEmailError(null);
    invite.mutate(parsed.data, {
      onSuccess: (contributor) => onInvited(contributor.email),
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'CONTRIBUTOR_EXISTS') {
          invite.reset();
          setEmailError(error.message);
        }
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {invite.isError && (
          <FailureBanner
            title={contributorMessages.inviteFailed}
            error={invite.error}
            onClose={invite.reset}
          />
        )}
        <TextInput
          label="Email"
          type="email"
          required
          autoComplete="off"
          data-autofocus
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setEmailError(null);
          }}
          error={emailError}
        />
        <Radio.Group
          label="Role"
          required
          value={role}
          onChange={(value) => setRole(inviteRoleSchema.parse(value))}
        >
          <Stack gap="sm" mt="xs">
            {inviteRoleSchema.options.map((option) => (
              <Radio
                key={option}
                value={option}
                label={podcastRoleLabels[option]}
                description={podcastRoleDescriptions[option]}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Text size="sm" c="dimmed">
          {contributorMessages.pendingHint}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={invite.isPending}>
            Send Invite
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
