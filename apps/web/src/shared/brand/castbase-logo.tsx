import { Group, Text, type MantineBreakpoint } from '@mantine/core';
import { CastbaseMark, PRODUCT_NAME } from './castbase-mark.js';

export { PRODUCT_NAME };

interface CastbaseLogoProps {
  /** Height of the mark in pixels; the word mark scales with it. */
  size?: number;
  withWordmark?: boolean;
  /** Below this breakpoint only the mark is shown (a narrow screen or a zoomed page), from it the word mark too. */
  wordmarkFrom?: MantineBreakpoint;
}

export function CastbaseLogo({ size = 32, withWordmark = true, wordmarkFrom }: CastbaseLogoProps) {
  return (
    <Group gap={10} wrap="nowrap" component="span">
      <CastbaseMark size={size} />
      {withWordmark && (
        <Text
          component="span"
          fw={800}
          fz={size * 0.62}
          lh={1}
          c="var(--mantine-color-text)"
          {...(wordmarkFrom ? { visibleFrom: wordmarkFrom } : {})}
          style={{ letterSpacing: '-0.02em' }}
        >
          {PRODUCT_NAME}
        </Text>
      )}
    </Group>
  );
}
