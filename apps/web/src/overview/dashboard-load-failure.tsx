import { dashboardMessages as text } from '@castbase/contracts';
import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { AlertIcon } from '../shared/icons/icons.js';

/** 'Failed to load dashboard' with Try Again, which reads what failed again. */
export function DashboardLoadFailure({ onTryAgain }: { onTryAgain: () => void }) {
  return (
    <Paper withBorder radius="lg" p="xl" role="alert" maw={560}>
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon color="red" variant="light" size={48} radius="xl">
          <AlertIcon size={24} />
        </ThemeIcon>
        <Title order={2} fz="xl">
          {text.loadFailed}
        </Title>
        <Text c="dimmed">
          The podcast or its episodes could not be read. Check your connection and try again.
        </Text>
        <Button onClick={onTryAgain}>{text.tryAgain}</Button>
      </Stack>
    </Paper>
  );
}
