import { Button, Stack, Text } from '@mantine/core';
import { safeLinkUrl } from './public-formats.js';

export interface SupportLink {
  url: string;
  title: string;
  message?: string | undefined;
}

/** Ways to support the show (podcast:funding and the podcast's funding links), each opened in a new tab. */
/** The links that may be followed (see `safeLinkUrl`); the others are left out. */
export function followableLinks(links: readonly SupportLink[]): SupportLink[] {
  return links.flatMap((link) => {
    const url = safeLinkUrl(link.url);
    return url ? [{ ...link, url }] : [];
  });
}

/** `links`: already followable. */
export function SupportLinks({ links }: { links: readonly SupportLink[] }) {
  return (
    <Stack gap="xs">
      {links.map((link) => (
        <Stack key={`${link.url}-${link.title}`} gap={2}>
          <Button component="a" href={link.url} target="_blank" rel="noopener" variant="light" fullWidth>
            {link.title}
          </Button>
          {link.message && (
            <Text size="sm" c="dimmed">
              {link.message}
            </Text>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
