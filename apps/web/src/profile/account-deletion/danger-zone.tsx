import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { DeleteAccountButton } from './delete-account-button.js';

/** The red-bordered box that holds Delete Account, on /profile and in the settings. */
export function DangerZone() {
  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      component="section"
      aria-labelledby="danger-zone-title"
      style={{ borderColor: 'var(--mantine-color-red-filled)' }}
    >
      <Group justify="space-between" align="center" gap="md">
        <Stack gap={4} maw={520}>
          <Title order={3} fz="lg" c="red" id="danger-zone-title">
            Danger Zone
          </Title>
          <Text size="sm" c="dimmed">
            Permanently delete your account, your podcasts and episodes, your feeds and analytics, and every
            file you uploaded. This cannot be undone.
          </Text>
        </Stack>
        <DeleteAccountButton />
      </Group>
    </Paper>
  );
}
