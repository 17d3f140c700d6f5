import { chapterUrlSchema, type MediaFile } from '@castbase/contracts';
import { Input, Stack, TextInput } from '@mantine/core';
import { useApiClient } from '../../../shared/api/use-api-client.js';
import { deleteMedia } from '../../../shared/media-upload/media-api.js';
import { MediaUpload } from '../../../shared/media-upload/media-upload.js';

interface ChapterImageFieldProps {
  podcastId: string;
  /** The image URL the form holds ('' for none). */
  value: string;
  onChange: (url: string) => void;
  /** The upload this form made, if any: removed by the form when it is not kept. */
  uploaded: MediaFile | null;
  onUploaded: (file: MediaFile | null) => void;
  error?: string | undefined;
}

/** The address of an uploaded file as a feed needs it: absolute. */
export function absoluteUrlOf(url: string): string {
  return new URL(url, window.location.href).href;
}

/**
 * A chapter's image: uploaded here (up to 10 MB, through the one upload component) or given by its address. The
 * preview shows once the field holds a URL.
 */
export function ChapterImageField({
  podcastId,
  value,
  onChange,
  uploaded,
  onUploaded,
  error,
}: ChapterImageFieldProps) {
  const api = useApiClient();
  const previewable = chapterUrlSchema.safeParse(value.trim()).success;
  return (
    <Input.Wrapper label="Image (optional)" labelElement="div">
      <Stack gap="sm" mt={4}>
        <MediaUpload
          purpose="chapter-image"
          podcastId={podcastId}
          label="Chapter image"
          value={previewable ? { url: value.trim() } : null}
          onReady={(file) => {
            onUploaded(file);
            onChange(absoluteUrlOf(file.url));
          }}
          onRemove={async () => {
            onChange('');
            if (uploaded) {
              onUploaded(null);
              await deleteMedia(api, uploaded.id);
            }
          }}
        />
        <TextInput
          label="Image URL"
          description="Or the address of an image on the web"
          placeholder="https://"
          inputMode="url"
          value={value}
          error={error}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      </Stack>
    </Input.Wrapper>
  );
}
