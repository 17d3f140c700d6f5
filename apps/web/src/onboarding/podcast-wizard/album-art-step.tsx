import { onboardingMessages } from '@castbase/contracts';
import { useApiClient } from '../../shared/api/use-api-client.js';
import { deleteMedia } from '../../shared/media-upload/media-api.js';
import { MediaUpload } from '../../shared/media-upload/media-upload.js';
import type { WizardStepProps } from './wizard-form.js';

/**
 * Step 3, Podcast Album Art: optional; the processed image is the podcast's logo, and a removed one is deleted from
 * storage at once.
 */
export function AlbumArtStep({ form, update }: WizardStepProps) {
  const api = useApiClient();
  const { logoMediaId, logoUrl } = form;

  async function remove() {
    if (!logoMediaId) return;
    try {
      await deleteMedia(api, logoMediaId);
    } catch (error) {
      console.error('Removing the album art failed', error);
      throw new Error(onboardingMessages.logoRemoveFailed, { cause: error });
    }
    update((current) => ({ ...current, logoMediaId: null, logoUrl: null }));
  }

  return (
    <MediaUpload
      purpose="podcast-art"
      label="Album art"
      hint={onboardingMessages.artHint}
      value={logoMediaId && logoUrl ? { url: logoUrl } : null}
      onReady={(file) => update((current) => ({ ...current, logoMediaId: file.id, logoUrl: file.url }))}
      onRemove={remove}
    />
  );
}
