import { profileMessages, type UserProfile } from '@castbase/contracts';
import { Stack } from '@mantine/core';
import { MediaUpload } from '../shared/media-upload/media-upload.js';
import { FailureBanner, SuccessBanner } from '../shared/layout/feedback-banners.js';
import { useRemoveAvatar, useSetAvatar } from './profile-api.js';
import { useSuccessBanner } from '../shared/layout/use-success-banner.js';

/**
 * Upload and remove the avatar: the uploaded image, once processed, becomes the avatar (PUT), Remove takes it away
 * (DELETE).
 */
export function ProfilePictureForm({ profile }: { profile: UserProfile }) {
  const banner = useSuccessBanner();
  const setAvatar = useSetAvatar();
  const removeAvatar = useRemoveAvatar();

  const value = profile.avatarUrl && profile.avatarMediaId ? { url: profile.avatarUrl } : null;

  async function remove() {
    setAvatar.reset();
    try {
      await removeAvatar.mutateAsync();
      banner.show(profileMessages.pictureRemoved);
    } catch {
      // The failure banner below shows it; the picture stays as it was.
    }
  }

  return (
    <Stack gap="md">
      <SuccessBanner message={banner.message} onClose={banner.dismiss} />
      {setAvatar.isError && (
        <FailureBanner
          title={profileMessages.avatarUploadFailed}
          error={setAvatar.error}
          onClose={setAvatar.reset}
        />
      )}
      {removeAvatar.isError && (
        <FailureBanner
          title={profileMessages.avatarDeleteFailed}
          error={removeAvatar.error}
          onClose={removeAvatar.reset}
        />
      )}
      <MediaUpload
        purpose="avatar"
        label="Avatar"
        hint={profileMessages.avatarHint}
        value={value}
        disabled={setAvatar.isPending || removeAvatar.isPending}
        onReady={(file) => {
          removeAvatar.reset();
          setAvatar.mutate(
            { mediaId: file.id },
            { onSuccess: () => banner.show(profileMessages.pictureUpdated) },
          );
        }}
        onRemove={remove}
      />
    </Stack>
  );
}
