import { personMessages } from '@castbase/contracts';
import { Avatar, Stack, Text, type MantineSize } from '@mantine/core';
import { useState } from 'react';

/**
 * A person's picture, or their initials while there is none or it cannot be loaded; a broken picture says 'Failed
 * to load image' (spec 2 §2) so the creator knows to fix its URL.
 */
export function PersonAvatar({
  name,
  img,
  size = 'lg',
}: {
  name: string;
  img: string | null;
  size?: MantineSize;
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const failed = img !== null && failedUrl === img;
  return (
    <Stack gap={4} align="center" w={size === 'xl' ? 120 : 72}>
      <Avatar
        src={failed ? null : img}
        name={name || '?'}
        color="initials"
        radius="xl"
        size={size}
        alt=""
        imageProps={{
          onError: () => setFailedUrl(img),
          // A picture that failed before the page listened (from the browser's cache) is broken all the same.
          ref: (image: HTMLImageElement | null) => {
            if (image?.complete && image.naturalWidth === 0 && image.src) setFailedUrl(img);
          },
        }}
      />
      {failed && (
        <Text size="xs" ta="center" lh={1.2} c="var(--mantine-color-error)">
          {personMessages.imageFailed}
        </Text>
      )}
    </Stack>
  );
}
