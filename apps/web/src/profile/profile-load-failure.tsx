import { profileMessages } from '@castbase/contracts';
import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { errorMessageOf } from '../shared/api/api-error.js';
import { AlertIcon } from '../shared/icons/icons.js';

/** 'Failed to Load Profile': Retry reloads the page, Dismiss hides the message. */
export function ProfileLoadFailure({ error, onDismiss }: { error: unknown; onDismiss: () => void }) {
  return (
    <Paper withBorder radius="lg" p="xl" role="alert" aria-labelledby="profile-load-failure-title">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon color="red" variant="light" size={48} radius="xl">
          <AlertIcon size={24} />
        </ThemeIcon>
        <Title order={2} fz="xl" id="profile-load-failure-title">
          {profileMessages.failedToLoad}
        </Title>
        <Text c="dimmed">{errorMessageOf(error)}</Text>
        <Group gap="sm">
          <Button onClick={() => window.location.reload()}>Retry</Button>
          <Button variant="default" onClick={onDismiss}>
            Dismiss
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
