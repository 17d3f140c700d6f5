import { PODCAST_LANGUAGES, splitCategory, type Podcast } from '@castbase/contracts';
import { DataList, Stack } from '@mantine/core';
import { ReadOnlyArtwork } from './podcast-artwork-field.js';

const NOT_SET = 'Not set';

/** The Podcast tab as editors and viewers see it: every setting, to read. */
export function PodcastSettingsSummary({ podcast }: { podcast: Podcast }) {
  const { category, subcategory } = splitCategory(podcast.category);
  const language = PODCAST_LANGUAGES.find(({ code }) => code === podcast.language)?.label ?? podcast.language;
  const rows: ReadonlyArray<[label: string, value: string]> = [
    ['Podcast name', podcast.name],
    ['Slug', podcast.slug],
    ['Host name', podcast.author],
    ['Co-hosts', podcast.coHosts.join(', ')],
    ['Feed', podcast.visibility === 'private' ? 'Private' : 'Public'],
    ['Type', podcast.type === 'serial' ? 'Serial' : 'Episodic'],
    ['Content rating', podcast.explicit ? 'Explicit' : 'Clean'],
    [
      'MP3 bitrate',
      podcast.audioBitrateKbps === null ? "This server's default" : `${podcast.audioBitrateKbps} kbps`,
    ],
    ['Description', podcast.description],
    ['Category', subcategory ? `${category} › ${subcategory}` : category],
    ['Language', language],
    ['Website', podcast.websiteUrl],
    ['Contact email', podcast.email],
    ['Owner name', podcast.ownerName],
    ['Owner email', podcast.ownerEmail],
    ['Copyright', podcast.copyright],
    ['Tags', podcast.tags.join(', ')],
    ['Directories', podcast.feedBlock ? 'Hidden from podcast directories' : 'Listed'],
    ['Podcast complete', podcast.feedComplete ? 'Yes: no more episodes' : 'No'],
    ['License', podcast.license?.identifier ?? ''],
    ['Location', podcast.location?.name ?? ''],
    ['Release schedule', podcast.updateFrequency?.text ?? ''],
    [
      'Recommended podcasts',
      podcast.podroll.map((item) => item.title ?? item.feedUrl ?? item.feedGuid).join('\n'),
    ],
    [
      'Text records',
      podcast.txt.map((entry) => (entry.purpose ? `${entry.purpose}: ` : '') + entry.value).join('\n'),
    ],
  ];
  return (
    <Stack gap="lg">
      <ReadOnlyArtwork url={podcast.artworkUrl} />
      <DataList withDivider labelWidth={160}>
        {rows.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue c={value ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-line' }}>
              {value || NOT_SET}
            </DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList>
    </Stack>
  );
}
