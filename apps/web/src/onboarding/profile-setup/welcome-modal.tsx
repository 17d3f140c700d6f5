import { onboardingMessages } from '@castbase/contracts';
import { Button, Modal, Stack, Text } from '@mantine/core';

/** Shown once the profile exists; closing it any way leads on to podcast creation. */
export function WelcomeModal({ opened, onContinue }: { opened: boolean; onContinue(): void }) {
  return (
    <Modal opened={opened} onClose={onContinue} title={onboardingMessages.welcome} centered size="md">
      <Stack gap="lg">
        <Text>{onboardingMessages.welcomeBody}</Text>
        <Button onClick={onContinue} fullWidth data-autofocus>
          {onboardingMessages.continueToPodcast}
        </Button>
      </Stack>
    </Modal>
  );
}
