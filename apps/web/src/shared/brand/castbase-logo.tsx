import { Group, Text, type MantineBreakpoint } from '@mantine/core';

export const PRODUCT_NAME = 'Castbase';

interface CastbaseLogoProps {
  /** Height of the mark in pixels; the word mark scales with it. */
  size?: number;
  withWordmark?: boolean;
  /** Below this breakpoint only the mark is shown (a narrow screen or a zoomed page), from it the word mark too. */
  wordmarkFrom?: MantineBreakpoint;
}

/**
 * The mark is drawn with theme variables, so it follows the light and dark colour schemes without a second asset.
 */
export function CastbaseLogo({ size = 32, withWordmark = true, wordmarkFrom }: CastbaseLogoProps) {
  return (
    <Group gap={10} wrap="nowrap" component="span">
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="var(--mantine-primary-color-filled)" />
        <rect x="12.5" y="6" width="7" height="12" rx="3.5" fill="var(--mantine-color-white)" />
        <path
          d="M9.5 15a6.5 6.5 0 0 0 13 0M16 21.5V26M12 26h8"
          fill="none"
          stroke="var(--mantine-color-white)"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
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
