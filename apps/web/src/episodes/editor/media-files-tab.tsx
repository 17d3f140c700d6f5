import { Stack } from '@mantine/core';
import { EpisodeArtworkField } from '../form/episode-artwork-field.js';
import { mediaChange } from '../form/episode-form-values.js';
import { EpisodeMediaField } from '../form/episode-media-field.js';
import type { EpisodeEditorState } from './use-episode-editor.js';

interface MediaFilesTabProps {
  podcastId: string;
  editor: EpisodeEditorState;
  podcastArtworkUrl: string | null;
  readOnly: boolean;
}

/** The episode's audio or video and its artwork; a new upload names the episode it is for (tus episodeId). */
export function MediaFilesTab({ podcastId, editor, podcastArtworkUrl, readOnly }: MediaFilesTabProps) {
  const { loaded, values, errors, change } = editor;
  // After a save or a reload the fields start again from the stored files.
  const stored = `${loaded?.id ?? 'new'}-${loaded?.revision ?? 0}`;
  return (
    <Stack gap="xl">
      <EpisodeMediaField
        key={`media-${stored}`}
        podcastId={podcastId}
        episodeId={loaded?.id}
        value={values.media}
        error={errors.mediaId}
        readOnly={readOnly}
        onChange={(media) => change(mediaChange(media))}
      />
      <EpisodeArtworkField
        key={`art-${stored}`}
        podcastId={podcastId}
        value={values.artwork}
        podcastArtworkUrl={podcastArtworkUrl}
        readOnly={readOnly}
        onChange={(artwork) => change({ artwork })}
      />
    </Stack>
  );
}
