import { Button, Group, Stack } from '@mantine/core';
import { shareIntents } from '../episodes/actions/share-links.js';
import { CopyField } from './copy-field.js';

/** The page's address to copy, and the X (Twitter), Facebook and LinkedIn share intents (new tabs). */
export function ShareLinksPanel({ url, title }: { url: string; title: string }) {
  return (
    <Stack gap="sm">
      <CopyField label="Episode link" value={url} />
      <Group gap="xs">
        {shareIntents(url, title).map((intent) => (
          <Button
            key={intent.network}
            component="a"
            href={intent.url}
            target="_blank"
            rel="noopener"
            variant="default"
            aria-label={`Share on ${intent.network}`}
          >
            {intent.network === 'X (Twitter)' ? 'X' : intent.network}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
