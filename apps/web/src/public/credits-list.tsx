import type { PublicEpisode } from '@castbase/contracts';
import { Anchor, Avatar, Group, Stack, Text } from '@mantine/core';
import { safeLinkUrl } from './public-formats.js';

type Person = PublicEpisode['persons'][number];

/** Who made the episode: avatar (initials when the image is missing or broken), name (linked), role and group. */
export function CreditsList({ persons }: { persons: readonly Person[] }) {
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {persons.map((person) => (
        <Group key={person.id} component="li" gap="sm" wrap="nowrap">
          <Avatar src={person.img ?? null} alt="" radius="xl" size={44} color="blue">
            {initials(person.name)}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            {safeLinkUrl(person.href) ? (
              <Anchor href={safeLinkUrl(person.href) ?? undefined} target="_blank" rel="noopener" fw={600}>
                {person.name}
              </Anchor>
            ) : (
              <Text fw={600}>{person.name}</Text>
            )}
            <Text size="sm" c="dimmed">
              {[person.role, person.group].filter(Boolean).join(' · ')}
            </Text>
          </div>
        </Group>
      ))}
    </Stack>
  );
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}
