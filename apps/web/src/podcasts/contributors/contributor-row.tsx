import {
  contributorMessages,
  inviteRoleSchema,
  podcastRoleLabels,
  type Contributor,
  type InviteRole,
} from '@castbase/contracts';
import { Avatar, Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { TrashIcon } from '../../shared/icons/icons.js';

interface ContributorRowProps {
  contributor: Contributor;
  manages: boolean;
  busy: boolean;
  onRole: (role: InviteRole) => void;
  onRemove: () => void;
}

const roleOptions = inviteRoleSchema.options.map((role) => ({ value: role, label: podcastRoleLabels[role] }));

/** One person: who, pending or active, and their role (which the owner may change, except the owner's own). */
export function ContributorRow({ contributor, manages, busy, onRole, onRemove }: ContributorRowProps) {
  const { email, name, role, status } = contributor;
  const editable = manages && role !== 'owner';
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="wrap"
      gap="sm"
      py="sm"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: 1 }}>
        <Avatar name={name ?? email} color="initials" radius="xl" alt="" aria-hidden="true" />
        <Stack gap={0} miw={0}>
          <Text fw={600} size="sm" truncate="end">
            {name ?? email}
          </Text>
          {name && (
            <Text size="sm" c="dimmed" truncate="end">
              {email}
            </Text>
          )}
        </Stack>
        <Badge variant="light" color={status === 'active' ? 'teal' : 'yellow'}>
          {status === 'active' ? contributorMessages.active : contributorMessages.pending}
        </Badge>
      </Group>
      {editable ? (
        <Group gap="xs" wrap="nowrap">
          <Select
            aria-label={`Role of ${email}`}
            data={roleOptions}
            value={role}
            allowDeselect={false}
            disabled={busy}
            onChange={(value) => {
              const chosen = inviteRoleSchema.safeParse(value);
              if (chosen.success && chosen.data !== role) onRole(chosen.data);
            }}
            w={130}
          />
          <Button
            variant="subtle"
            color="red"
            leftSection={<TrashIcon size={16} />}
            aria-label={`Remove ${email}`}
            disabled={busy}
            onClick={onRemove}
          >
            Remove
          </Button>
        </Group>
      ) : (
        <Badge variant="outline" color={role === 'owner' ? 'blue' : 'gray'} size="lg">
          {podcastRoleLabels[role]}
        </Badge>
      )}
    </Group>
  );
}
