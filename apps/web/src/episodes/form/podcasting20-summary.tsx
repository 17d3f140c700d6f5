import type { Podcasting20Fields } from '@castbase/contracts';
import { Badge, DataList, Text } from '@mantine/core';

const count = (n: number, one: string, many: string) => (n === 0 ? 'None' : `${n} ${n === 1 ? one : many}`);

/** What each Podcasting 2.0 field of an episode holds, in a line each. */
export function podcasting20Lines(
  episode: Podcasting20Fields,
): Array<{ name: string; summary: string; set: boolean }> {
  const recipients = episode.value?.recipients.length ?? 0;
  return [
    {
      name: 'Transcript',
      summary: count(episode.transcripts.length, 'file', 'files'),
      set: episode.transcripts.length > 0,
    },
    {
      name: 'Chapters',
      summary: count(episode.chapters.length, 'chapter', 'chapters'),
      set: episode.chapters.length > 0,
    },
    {
      name: 'Soundbites',
      summary: count(episode.soundbites.length, 'soundbite', 'soundbites'),
      set: episode.soundbites.length > 0,
    },
    {
      name: 'Credits',
      summary: count(episode.persons.length, 'person', 'persons'),
      set: episode.persons.length > 0,
    },
    {
      name: 'Value4Value',
      summary: episode.value ? `On · ${count(recipients, 'recipient', 'recipients').toLowerCase()}` : 'Off',
      set: episode.value !== null,
    },
    { name: 'Location', summary: episode.location?.name ?? 'None', set: episode.location !== null },
    {
      name: 'Funding',
      summary: count(episode.funding.length, 'link', 'links'),
      set: episode.funding.length > 0,
    },
    { name: 'License', summary: episode.license?.identifier ?? 'None', set: episode.license !== null },
    {
      name: 'Alternate enclosures',
      summary: count(episode.alternateEnclosures.length, 'file', 'files'),
      set: episode.alternateEnclosures.length > 0,
    },
  ];
}

/** The episode's Podcasting 2.0 fields, as a list of what each holds. */
export function Podcasting20Summary({ episode }: { episode: Podcasting20Fields }) {
  return (
    <DataList orientation="horizontal" size="sm" aria-label="Podcasting 2.0 fields">
      {podcasting20Lines(episode).map(({ name, summary, set }) => (
        <DataList.Item key={name}>
          <DataList.ItemLabel>{name}</DataList.ItemLabel>
          <DataList.ItemValue>
            {set ? (
              <Badge variant="light" color="teal" radius="sm">
                {summary}
              </Badge>
            ) : (
              <Text span size="sm" c="dimmed">
                {summary}
              </Text>
            )}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  );
}
