import { DELETE_ACCOUNT_REDIRECT_MS, deletionMessages } from '@castbase/contracts';
import { Alert, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useAuth } from '../../shared/auth/auth-context.js';
import { clearSignedInStorage } from '../../shared/auth/signed-in-storage.js';
import { CheckIcon } from '../../shared/icons/icons.js';
import { useAccountDeletion, useDeletionCommands } from './deletion-api.js';
import { ConfirmDeletionForm } from './confirm-deletion-form.js';
import { DeletionFailure } from './deletion-failure.js';
import { DeletionSteps, PendingSteps } from './deletion-steps.js';
import { deletionErrorText, deletionView, type DeletionView } from './deletion-view.js';

/**
 * Delete Account, from the typed confirmation to the end: progress per service while the deletion runs, then
 * either 'Your account has been deleted.' and sign-out, or a summary of what remains with Retry and Log Out.
 */
export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const { signOut } = useAuth();
  const [typed, setTyped] = useState('');
  const current = useAccountDeletion();
  const { request, retry } = useDeletionCommands();
  // A deletion found unfinished is followed to its end; one completed long ago (before this account was made
  // again) is not this dialog's business.
  const [foundUnfinished, setFoundUnfinished] = useState(false);
  if (!foundUnfinished && current.data && current.data.status !== 'completed') setFoundUnfinished(true);
  const view = deletionView({
    deletion: current.data,
    followed: foundUnfinished || request.isSuccess || retry.isSuccess,
    readError: current.error,
    request,
    retry,
  });

  const completed = view.kind === 'completed';
  useEffect(() => {
    if (!completed) return;
    const timer = window.setTimeout(() => {
      clearSignedInStorage();
      signOut();
    }, DELETE_ACCOUNT_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [completed, signOut]);

  const closable = view.kind === 'confirm' || view.kind === 'failed' || view.kind === 'loading';
  return (
    <Modal
      opened
      onClose={onClose}
      title={
        view.kind === 'confirm' || view.kind === 'loading' ? deletionMessages.dialogTitle : 'Delete Account'
      }
      centered
      size="lg"
      withCloseButton={closable}
      closeOnEscape={closable}
      closeOnClickOutside={closable}
    >
      <DeletionBody
        view={view}
        typed={typed}
        onType={setTyped}
        onConfirm={() => request.mutate(typed)}
        onRetry={() => (view.kind === 'failed' ? request.mutate(typed) : retry.mutate())}
        retrying={request.isPending || retry.isPending}
        onCancel={onClose}
        onLogOut={signOut}
      />
    </Modal>
  );
}

interface DeletionBodyProps {
  view: DeletionView;
  typed: string;
  onType: (typed: string) => void;
  onConfirm: () => void;
  onRetry: () => void;
  retrying: boolean;
  onCancel: () => void;
  onLogOut: () => void;
}

function DeletionBody({
  view,
  typed,
  onType,
  onConfirm,
  onRetry,
  retrying,
  onCancel,
  onLogOut,
}: DeletionBodyProps) {
  switch (view.kind) {
    case 'loading':
      return (
        <Center py="xl" role="status" aria-label="Loading">
          <Loader />
        </Center>
      );
    case 'confirm':
      return <ConfirmDeletionForm typed={typed} onType={onType} onConfirm={onConfirm} onCancel={onCancel} />;
    case 'starting':
      return (
        <Center py="xl" role="status">
          <Group gap="sm">
            <Loader size="sm" />
            <Text>{deletionMessages.inProgress}</Text>
          </Group>
        </Center>
      );
    case 'running':
      return (
        <Stack gap="md" role="status" aria-live="polite">
          <Text fw={600}>{deletionMessages.inProgress}</Text>
          <DeletionSteps steps={view.deletion.steps} />
          {view.pollError !== null && (
            <Text size="sm" c="dimmed">
              {deletionErrorText(view.pollError)}
            </Text>
          )}
        </Stack>
      );
    case 'completed':
      return (
        <Stack gap="md">
          <Alert color="green" variant="light" role="status" icon={<CheckIcon size={20} />}>
            {deletionMessages.succeeded}
          </Alert>
          <DeletionSteps steps={view.deletion.steps} />
          <Text size="sm" c="dimmed">
            {deletionMessages.signingOut}
          </Text>
        </Stack>
      );
    case 'partial':
      return (
        <DeletionFailure retrying={retrying} onRetry={onRetry} onLogOut={onLogOut}>
          <Stack gap="sm">
            <Text size="sm">{deletionMessages.partial}</Text>
            <PendingSteps steps={view.deletion.steps} />
            {view.error !== null && <Text size="sm">{deletionErrorText(view.error)}</Text>}
          </Stack>
        </DeletionFailure>
      );
    case 'failed':
      return (
        <DeletionFailure
          title={deletionMessages.failed}
          retrying={retrying}
          onRetry={onRetry}
          onLogOut={onLogOut}
          onCancel={onCancel}
        >
          {deletionErrorText(view.error)}
        </DeletionFailure>
      );
  }
}
