import { onboardingMessages, operationFailedMessage } from '@castbase/contracts';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { profileQueryKey } from '../../profile/profile-api.js';
import { ApiError } from '../../shared/api/api-error.js';
import { useApiClient } from '../../shared/api/use-api-client.js';
import { useAuth } from '../../shared/auth/auth-context.js';
import { FailureBanner } from '../../shared/layout/feedback-banners.js';
import { markExitingOnboarding } from '../../shared/podcasts/exiting-onboarding.js';
import { exitOnboarding } from '../onboarding-api.js';

/** Exit, after confirmation: deletes the profile and the uploaded album art, then goes home (spec 1 §2). */
export function ExitOnboardingButton({ logoMediaId }: { logoMediaId: string | null }) {
  const [opened, modal] = useDisclosure(false);
  const [leaving, setLeaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const api = useApiClient();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  async function leave() {
    setLeaving(true);
    setFailure(null);
    try {
      await exitOnboarding(api, { logoMediaId });
    } catch (error) {
      console.error('Exiting onboarding failed', error);
      setFailure(operationFailedMessage('Exit', error instanceof ApiError ? error.message : undefined));
      setLeaving(false);
      return;
    }
    markExitingOnboarding();
    queryClient.removeQueries({ queryKey: profileQueryKey(user?.id) });
    void navigate('/');
  }

  return (
    <>
      <Button variant="subtle" color="gray" onClick={modal.open}>
        Exit
      </Button>
      <Modal opened={opened} onClose={modal.close} title={onboardingMessages.exitTitle} centered>
        <Stack gap="lg">
          <Text>{onboardingMessages.exitConfirm}</Text>
          {failure && <FailureBanner title={failure} />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={modal.close} disabled={leaving}>
              Cancel
            </Button>
            <Button color="red" onClick={() => void leave()} loading={leaving}>
              Exit onboarding
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
