import { Avatar, Group, Stack, Text } from '@mantine/core';
import type { AuthUser } from '../shared/auth/auth-context.js';

const DEFAULT_DISPLAY_NAME = 'User';

export function UserCard({ user }: { user: AuthUser | undefined }) {
  const displayName = user?.name?.trim() || DEFAULT_DISPLAY_NAME;
  // Initials come from the name, else from the e-mail's local part, else from 'User'.
  const initialsSource = user?.name?.trim() || user?.email?.split('@')[0] || DEFAULT_DISPLAY_NAME;
  return (
    <Group gap="sm" wrap="nowrap" px="xs" py={6}>
      <Avatar color="blue" radius="xl" name={initialsSource} aria-hidden="true" />
      <Stack gap={0} miw={0}>
        <Text fw={600} size="sm" truncate="end">
          {displayName}
        </Text>
        {user?.email && (
          <Text c="dimmed" size="xs" truncate="end">
            {user.email}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
