import { deletionMessages, deletionStepLabels, type DeletionStep } from '@castbase/contracts';
import { Group, List, Loader, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { CheckIcon } from '../../shared/icons/icons.js';

/** Each service's part of the deletion: done or still running. */
export function DeletionSteps({ steps }: { steps: readonly DeletionStep[] }) {
  const done = steps.filter((step) => step.status === 'done').length;
  return (
    <Stack gap="md">
      <Progress
        value={steps.length === 0 ? 0 : (done / steps.length) * 100}
        animated={done < steps.length}
        aria-label={`${deletionMessages.inProgress} ${done} of ${steps.length} done`}
      />
      <List spacing="sm" listStyleType="none" aria-label="Deletion steps">
        {steps.map((step) => (
          <List.Item key={step.service}>
            <Group gap="sm" wrap="nowrap">
              {step.status === 'done' ? (
                <ThemeIcon color="green" variant="light" radius="xl" size={24} aria-hidden="true">
                  <CheckIcon size={14} />
                </ThemeIcon>
              ) : (
                <Loader size={18} aria-hidden="true" />
              )}
              <Text size="sm" fw={500}>
                {deletionStepLabels[step.service]}
                <Text span c="dimmed" size="sm">
                  {step.status === 'done' ? ' — deleted' : ' — deleting...'}
                </Text>
              </Text>
            </Group>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** The services whose part is still to be deleted. */
export function PendingSteps({ steps }: { steps: readonly DeletionStep[] }) {
  const pending = steps.filter((step) => step.status === 'pending');
  if (pending.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {deletionMessages.remaining}
      </Text>
      <List size="sm" aria-label="Not deleted yet">
        {pending.map((step) => (
          <List.Item key={step.service}>{deletionStepLabels[step.service]}</List.Item>
        ))}
      </List>
    </Stack>
  );
}
