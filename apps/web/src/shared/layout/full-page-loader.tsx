import { Center, Loader, Stack, Text } from '@mantine/core';

/** A centred spinner for whole-page waits; `label` is announced to assistive tech and optionally shown. */
export function FullPageLoader({ label, showLabel = false }: { label: string; showLabel?: boolean }) {
  return (
    <Center mih="100dvh" role="status" aria-label={label}>
      <Stack align="center" gap="sm">
        <Loader />
        {showLabel && <Text c="dimmed">{label}</Text>}
      </Stack>
    </Center>
  );
}
