import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

// A card of the analytics screens that holds a chart or a list: its title (a heading, which names the card as a
// region), a line under it and, on the right, controls such as a toggle.

interface ChartCardProps {
  title: string;
  subtitle?: string;
  /** Controls beside the title. */
  actions?: ReactNode;
  /** The heading's level: 2 on a screen whose sections are the cards. */
  order?: 2 | 3;
  children: ReactNode;
}

export function ChartCard({ title, subtitle, actions, order = 2, children }: ChartCardProps) {
  const titleId = useId();
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={titleId} h="100%">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2}>
            <Title order={order} fz="lg" id={titleId}>
              {title}
            </Title>
            {subtitle && (
              <Text size="sm" c="dimmed">
                {subtitle}
              </Text>
            )}
          </Stack>
          {actions}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
