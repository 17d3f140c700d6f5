import { platformsFitting, soundbiteLengthWarning } from '@castbase/contracts';
import { Group, Text } from '@mantine/core';
import { AlertIcon } from '../../../shared/icons/icons.js';
import classes from './soundbites.module.css';

/** 'Twitter/X, Instagram and TikTok'. */
function listOf(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** Where a clip of this length can be shared, and the warning above the recommended 60 s. */
export function SoundbiteFit({ durationSeconds }: { durationSeconds: number }) {
  const platforms = platformsFitting(durationSeconds);
  const warning = soundbiteLengthWarning(durationSeconds);
  return (
    <>
      <Text size="sm" c="dimmed">
        {platforms.length > 0
          ? `Fits ${listOf(platforms)}`
          : 'Too long for Twitter/X, Instagram, TikTok and YouTube Shorts'}
      </Text>
      {warning && (
        <Group gap={6} wrap="nowrap" align="flex-start" c="orange">
          <AlertIcon size={16} className={classes.warningIcon} />
          <Text size="sm" c="orange">
            {warning}
          </Text>
        </Group>
      )}
    </>
  );
}
