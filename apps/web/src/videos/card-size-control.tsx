import { VIDEO_CARD_SIZES, type VideoCardSize } from '@castbase/contracts';
import { Group, SegmentedControl, Text } from '@mantine/core';
import { useId } from 'react';

const sizeLabels: Record<VideoCardSize, string> = { small: 'Small', medium: 'Medium', large: 'Large' };

/** Small, medium or large video cards. */
export function CardSizeControl({
  value,
  onChange,
}: {
  value: VideoCardSize;
  onChange: (size: VideoCardSize) => void;
}) {
  const labelId = useId();
  return (
    <Group gap="sm">
      <Text id={labelId} size="sm" fw={500}>
        Card size
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        value={value}
        onChange={(next) => onChange(next)}
        data={VIDEO_CARD_SIZES.map((size) => ({ value: size, label: sizeLabels[size] }))}
        styles={{ label: { minHeight: 44, display: 'flex', alignItems: 'center' } }}
      />
    </Group>
  );
}
