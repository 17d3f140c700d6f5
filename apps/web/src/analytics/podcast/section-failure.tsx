import { analyticsMessages } from '@castbase/contracts';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { errorMessageOf } from '../../shared/api/api-error.js';
import { AlertIcon } from '../../shared/icons/icons.js';

interface SectionFailureProps {
  /** What failed, in the spec's words ('Failed to fetch RSS analytics'). */
  title: string;
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}

/** One part of a screen that could not be fetched while the rest was: what failed, why, and Retry for that part. */
export function SectionFailure({ title, error, onRetry, retrying }: SectionFailureProps) {
  return (
    <Alert color="red" variant="light" role="alert" radius="lg" icon={<AlertIcon size={20} />} title={title}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorMessageOf(error) || analyticsMessages.genericError}</Text>
        <Button size="sm" color="red" onClick={onRetry} loading={retrying}>
          {analyticsMessages.retry}
        </Button>
      </Stack>
    </Alert>
  );
}
