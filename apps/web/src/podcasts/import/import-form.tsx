import { feedImportInputSchema, feedImportMessages, type FeedImportPreview } from '@castbase/contracts';
import { Alert, Badge, Button, Group, Image, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessageOf } from '../../shared/api/api-error.js';
import { useApiClient } from '../../shared/api/use-api-client.js';
import { AlertIcon, LockIcon, PodcastsIcon } from '../../shared/icons/icons.js';
import { FailureBanner } from '../../shared/layout/feedback-banners.js';
import { importProgressPath, previewImport, startImport } from './import-api.js';

/** The old feed's address, what it holds, and the confirmation that starts the import. */
export function ImportForm() {
  const api = useApiClient();
  const navigate = useNavigate();
  const [url, setUrl] = useState('');
  const [urlError, setUrlError] = useState<string | null>(null);
  const preview = useMutation({ mutationFn: (address: string) => previewImport(api, address) });
  const start = useMutation({
    mutationFn: (address: string) => startImport(api, address),
    onSuccess: (status) => void navigate(importProgressPath(status.podcastId)),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = feedImportInputSchema.safeParse({ url });
    if (!parsed.success) {
      setUrlError(parsed.error.issues[0]?.message ?? feedImportMessages.urlInvalid);
      return;
    }
    setUrlError(null);
    start.reset();
    preview.mutate(parsed.data.url);
  }

  const shown = preview.data && preview.variables === url.trim() ? preview.data : null;
  return (
    <Stack gap="lg" maw={760}>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label="Feed address"
              description="The RSS feed of your podcast at its current host"
              placeholder="https://example.com/podcast/feed.xml"
              type="url"
              inputMode="url"
              autoComplete="url"
              value={url}
              onChange={(event) => setUrl(event.currentTarget.value)}
              error={urlError ?? (preview.isError ? errorMessageOf(preview.error) : null)}
              required
            />
            <Group>
              <Button type="submit" loading={preview.isPending}>
                Preview
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {shown && (
        <PreviewCard
          preview={shown}
          starting={start.isPending}
          onConfirm={() => start.mutate(shown.feedUrl)}
        />
      )}
      {start.isError && <FailureBanner title={feedImportMessages.startFailed} error={start.error} />}
    </Stack>
  );
}

/** The old feed's artwork, or a placeholder when it has none or it cannot be shown here. */
function PreviewArtwork({ url, title }: { url: string | null; title: string }) {
  const [failed, setFailed] = useState(false);
  if (url && !failed) {
    return (
      <Image
        src={url}
        alt={`Artwork of ${title}`}
        w={120}
        h={120}
        radius="md"
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <Paper
      w={120}
      h={120}
      radius="md"
      withBorder
      style={{ display: 'grid', placeItems: 'center', flexShrink: 0 }}
      role="img"
      aria-label={url ? `Artwork of ${title} (cannot be shown)` : 'No artwork'}
    >
      <PodcastsIcon size={40} />
    </Paper>
  );
}

function PreviewCard({
  preview,
  starting,
  onConfirm,
}: {
  preview: FeedImportPreview;
  starting: boolean;
  onConfirm: () => void;
}) {
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-labelledby="import-preview-title"
    >
      <Stack gap="md">
        <Group align="flex-start" wrap="nowrap" gap="lg">
          <PreviewArtwork key={preview.artworkUrl} url={preview.artworkUrl} title={preview.title} />
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Title order={2} fz="h3" id="import-preview-title">
              {preview.title}
            </Title>
            {preview.author && <Text c="dimmed">by {preview.author}</Text>}
            <Group gap="xs">
              <Badge variant="light">
                {preview.episodeCount} {preview.episodeCount === 1 ? 'episode' : 'episodes'}
              </Badge>
              <Badge variant="light" color="gray">
                {preview.category.replace(':', ' › ')}
              </Badge>
              {preview.locked && (
                <Badge variant="light" color="orange" leftSection={<LockIcon size={12} aria-hidden />}>
                  Locked
                </Badge>
              )}
            </Group>
          </Stack>
        </Group>
        {preview.description && (
          <Text size="sm" lineClamp={4}>
            {preview.description}
          </Text>
        )}
        {preview.problem ? (
          <Alert color="red" variant="light" role="alert" icon={<AlertIcon size={20} />}>
            {preview.problem}
          </Alert>
        ) : (
          <Text size="sm">
            A new podcast is created with these details. Each episode keeps its guid and date, and is
            published when its file has been copied into Castbase.
          </Text>
        )}
        <Group>
          <Button onClick={onConfirm} loading={starting} disabled={preview.problem !== null}>
            Import podcast
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
