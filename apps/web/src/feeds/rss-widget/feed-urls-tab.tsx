import {
  FEED_VARIANT_SELECTOR_MIN_EPISODES,
  rssWidgetMessages as text,
  type FeedStatus,
} from '@castbase/contracts';
import { Button, Code, Group, Select, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { LinkIcon } from '../../shared/icons/icons.js';
import { CopyUrlButton } from './copy-url-button.js';
import { labelledFeedUrls, type LabelledFeedUrl } from './feed-variant-urls.js';
import type { RssWidgetDialog } from './rss-widget-dialog.js';

const ALL_VARIANTS = 'all';

/**
 * The Feed URLs tab: the main address with Copy, View XML and All URLs, the private badge, and above 250 published
 * episodes the variant selector, whose 'All Feed Variants' lists every address (the server always generates them
 * all, so the selector chooses what to show).
 */
export function FeedUrlsTab({
  status,
  onOpen,
}: {
  status: FeedStatus;
  onOpen: (dialog: RssWidgetDialog) => void;
}) {
  const urls = labelledFeedUrls(status.urls);
  const [variant, setVariant] = useState('main');
  const showSelector = status.feedEpisodeCount > FEED_VARIANT_SELECTOR_MIN_EPISODES;
  const chosen =
    showSelector && variant === ALL_VARIANTS
      ? urls
      : urls.filter((entry) => entry.key === (showSelector ? variant : 'main'));

  return (
    <Stack gap="md">
      {status.private && <Text size="sm">{text.privateHint}</Text>}
      {showSelector && (
        <Select
          label={text.urls.variantLabel}
          data={[
            ...urls.map(({ key, label }) => ({ value: key, label })),
            { value: ALL_VARIANTS, label: text.urls.allVariants },
          ]}
          value={variant}
          onChange={(value) => setVariant(value ?? 'main')}
          allowDeselect={false}
          maw={360}
        />
      )}
      {chosen.map((entry, index) => (
        <FeedUrlRow key={entry.key} entry={entry}>
          {index === 0 && (
            <Button variant="default" onClick={() => onOpen('all-urls')}>
              {text.buttons.allUrls}
            </Button>
          )}
        </FeedUrlRow>
      ))}
    </Stack>
  );
}

function FeedUrlRow({ entry, children }: { entry: LabelledFeedUrl; children?: ReactNode }) {
  return (
    <Stack gap={6}>
      <Text fw={600} size="sm">
        {entry.label}
      </Text>
      {entry.key === 'main' && (
        <Text size="sm" c="dimmed">
          {text.urls.mainHint}
        </Text>
      )}
      <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {entry.url}
      </Code>
      <Group gap="sm">
        <CopyUrlButton url={entry.url} what={entry.label} />
        <Button
          component="a"
          href={entry.url}
          target="_blank"
          rel="noopener"
          variant="default"
          leftSection={<LinkIcon size={16} />}
          aria-label={`${text.buttons.viewXml}: ${entry.label} ${text.opensInNewTab}`}
        >
          {text.buttons.viewXml}
        </Button>
        {children}
      </Group>
    </Stack>
  );
}
