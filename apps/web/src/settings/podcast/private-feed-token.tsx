import { podcastMessages, type Podcast } from '@castbase/contracts';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { FailureBanner, SuccessBanner } from '../../shared/layout/feedback-banners.js';
import { useSuccessBanner } from '../../shared/layout/use-success-banner.js';
import { useRotatePrivateToken } from '../../shared/podcasts/podcasts-api.js';
import { CopyTextButton } from './copy-text-button.js';

/**
 * The private feed's token with Rotate (owner only; only the owner is given the token). A podcast made private in
 * the form but not saved yet has none: Save creates it.
 */
export function PrivateFeedToken({ podcast }: { podcast: Podcast }) {
  const rotate = useRotatePrivateToken(podcast.id);
  const banner = useSuccessBanner();
  const token = podcast.visibility === 'private' ? podcast.privateAccessToken : null;

  if (!token) {
    return (
      <Text size="sm" c="dimmed">
        {podcastMessages.tokenAfterSave}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <SuccessBanner message={banner.message} onClose={banner.dismiss} />
      {rotate.isError && (
        <FailureBanner title={podcastMessages.rotateFailed} error={rotate.error} onClose={rotate.reset} />
      )}
      <Group gap="sm" align="flex-end" wrap="nowrap">
        <TextInput
          label="Private feed token"
          readOnly
          value={token}
          style={{ flex: 1 }}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <CopyTextButton text={token} label="Copy token" />
        <Button
          variant="default"
          loading={rotate.isPending}
          onClick={() =>
            rotate.mutate(undefined, { onSuccess: () => banner.show(podcastMessages.tokenRotated) })
          }
        >
          Rotate
        </Button>
      </Group>
    </Stack>
  );
}
