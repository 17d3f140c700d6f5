import { EmptyState, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from './document-title.js';

interface ScreenFrameProps {
  title: string;
  description?: ReactNode;
  /** Buttons shown beside the title. */
  actions?: ReactNode;
  children?: ReactNode;
}

/** The frame every screen sits in: a page title, an optional line of context, then the content. */
export function ScreenFrame({ title, description, actions, children }: ScreenFrameProps) {
  useDocumentTitle(title);
  return (
    <Stack gap="xl" component="section" aria-labelledby="screen-title">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 30 }} id="screen-title">
            {title}
          </Title>
          {description && <Text c="dimmed">{description}</Text>}
        </Stack>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
      {children}
    </Stack>
  );
}

interface NotYetAvailableProps {
  /** What this screen will hold, in a sentence. */
  whatComesHere: string;
  icon: ReactNode;
  actions?: ReactNode;
}

/** The honest empty state of a screen that has not been built yet: it says what will be here, nothing more. */
export function NotYetAvailable({ whatComesHere, icon, actions }: NotYetAvailableProps) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }}>
      <EmptyState variant="light" size="lg" icon={icon} title="Not available yet" description={whatComesHere}>
        {actions && <EmptyState.Actions>{actions}</EmptyState.Actions>}
      </EmptyState>
    </Paper>
  );
}
