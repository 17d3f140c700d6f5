import { List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { AlertIcon } from '../../shared/icons/icons.js';

/** A titled list of a check's findings (errors, warnings, suggestions) with their count, or a line when there are none. */
export function FindingsList({
  title,
  items,
  color,
  empty,
}: {
  title: string;
  items: string[];
  color: string;
  empty?: string;
}) {
  return (
    <Stack gap={6}>
      <Title order={3} fz="md">
        {title} ({items.length})
      </Title>
      {items.length === 0 ? (
        <Text size="sm">{empty}</Text>
      ) : (
        <List
          spacing={4}
          size="sm"
          icon={
            <ThemeIcon color={color} variant="light" size={20} radius="xl">
              <AlertIcon size={14} />
            </ThemeIcon>
          }
        >
          {items.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
