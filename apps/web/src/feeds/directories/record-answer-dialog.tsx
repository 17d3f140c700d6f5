import {
  directoryAnswerSchema,
  directoryMessages,
  directoryStatusLabels,
  type DirectoryAnswer,
  type DirectoryCheck,
} from '@castbase/contracts';
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FailureBanner } from '../../shared/layout/feedback-banners.js';

interface RecordAnswerDialogProps {
  check: DirectoryCheck | null;
  saving: boolean;
  error: unknown;
  onCancel: () => void;
  onSave: (status: DirectoryAnswer) => void;
}

const ANSWERS = directoryAnswerSchema.options;

/** The owner or an editor records what the directory told them (no directory has an API to read it from). */
export function RecordAnswerDialog({ check, saving, error, onCancel, onSave }: RecordAnswerDialogProps) {
  return (
    <Modal
      opened={check !== null}
      onClose={onCancel}
      title={check ? directoryMessages.recordAnswerTitle(check.name) : ''}
      centered
    >
      {check && (
        <AnswerForm
          key={check.id}
          check={check}
          saving={saving}
          error={error}
          onCancel={onCancel}
          onSave={onSave}
        />
      )}
    </Modal>
  );
}

function AnswerForm({
  check,
  saving,
  error,
  onCancel,
  onSave,
}: RecordAnswerDialogProps & { check: DirectoryCheck }) {
  const current = ANSWERS.find((answer) => answer === check.status);
  const [answer, setAnswer] = useState<DirectoryAnswer>(current ?? 'under_review');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSave(answer);
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {directoryMessages.recordAnswerHint}
        </Text>
        {error !== null && error !== undefined && (
          <FailureBanner title={directoryMessages.answerFailed} error={error} />
        )}
        <Radio.Group
          label={directoryMessages.answerLabel}
          value={answer}
          onChange={(value) => setAnswer(directoryAnswerSchema.parse(value))}
        >
          <Stack gap="xs" mt="xs">
            {ANSWERS.map((option) => (
              <Radio key={option} value={option} label={directoryStatusLabels[option]} />
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {directoryMessages.cancel}
          </Button>
          <Button type="submit" loading={saving}>
            {directoryMessages.saveAnswer}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
