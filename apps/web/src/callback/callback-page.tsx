import {
  CALLBACK_MAX_RETRIES,
  CALLBACK_REDIRECT_DELAY_MS,
  callbackMessages,
  type CallbackErrorBehaviour,
} from '@castbase/contracts';
import { Button, Center, Group, Loader, Paper, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../shared/auth/auth-context.js';
import { CastbaseLogo } from '../shared/brand/castbase-logo.js';
import { AlertIcon } from '../shared/icons/icons.js';
import { useDocumentTitle } from '../shared/layout/document-title.js';
import { BLANK_DASHBOARD_PATH } from '../shared/podcasts/podcast-paths.js';
import { SETUP_STEPS } from './account-setup-steps.js';
import { useAccountSetup } from './use-account-setup.js';

/** The identity provider's own error, when it sent the visitor back with one (`?error=&error_description=`). */
function providerErrorOf(search: string): string | null {
  const params = new URLSearchParams(search);
  const error = params.get('error');
  return error ? callbackMessages.providerError(error, params.get('error_description') ?? '') : null;
}

/**
 * /callback (spec 1 §2, §4): finishes the sign-in, sets the account up (database, profile, podcasts) and routes to
 * where the person belongs; failures offer Try Again, Continue to Onboarding or Back to Home.
 */
export function CallbackPage() {
  const auth = useAuth();
  // Read once: a successful sign-in takes the code and state out of the address, a failed one leaves them.
  const [providerError] = useState(() => providerErrorOf(window.location.search));
  const signedIn = auth.status === 'signed-in';
  const setup = useAccountSetup(signedIn && !providerError ? auth.user?.id : undefined);
  const navigate = useNavigate();

  const destination = setup.state.status === 'done' ? setup.state.destination : null;
  useEffect(() => {
    if (destination) void navigate(destination, { replace: true });
  }, [destination, navigate]);

  if (providerError) return <CallbackFailure message={providerError} behaviour="blocking" autoLeaveTo="/" />;
  if (auth.status === 'loading') return <CallbackProgress title={callbackMessages.authenticating} />;
  if (auth.status === 'signed-out') {
    return (
      <CallbackFailure message={callbackMessages.userInfoMissing} behaviour="blocking" autoLeaveTo="/" />
    );
  }

  switch (setup.state.status) {
    case 'running':
      return (
        <CallbackProgress
          title={callbackMessages.settingUp}
          {...(setup.state.progress.message ? { message: setup.state.progress.message } : {})}
          completedSteps={setup.state.progress.completedSteps}
        />
      );
    case 'done':
      return <CallbackProgress title={callbackMessages.settingUp} completedSteps={SETUP_STEPS.length} />;
    case 'failed': {
      const { message, behaviour } = setup.state;
      return (
        <CallbackFailure
          message={message}
          behaviour={behaviour}
          autoLeaveTo={behaviour === 'blocking' ? null : BLANK_DASHBOARD_PATH}
          {...(setup.retries < CALLBACK_MAX_RETRIES
            ? { retry: { label: callbackMessages.tryAgain(setup.retries + 1), run: setup.retry } }
            : {})}
        />
      );
    }
  }
}

function CallbackCard({ children }: { children: ReactNode }) {
  useDocumentTitle(callbackMessages.pageTitle);
  return (
    <Center component="main" mih="100dvh" p="md">
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={480}>
        <Stack align="center" gap="lg" ta="center">
          <CastbaseLogo size={36} />
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

interface CallbackProgressProps {
  title: string;
  message?: string;
  completedSteps?: number;
}

function CallbackProgress({ title, message, completedSteps }: CallbackProgressProps) {
  return (
    <CallbackCard>
      <Loader aria-hidden="true" />
      <Stack gap={6} role="status" aria-live="polite">
        <Title order={1} fz="xl">
          {title}
        </Title>
        {message && <Text c="dimmed">{message}</Text>}
      </Stack>
      {completedSteps !== undefined && (
        <Progress
          w="100%"
          value={(completedSteps / SETUP_STEPS.length) * 100}
          aria-label={callbackMessages.settingUp}
        />
      )}
    </CallbackCard>
  );
}

interface CallbackFailureProps {
  message: string;
  behaviour: CallbackErrorBehaviour;
  /** Where the page goes by itself after the redirect delay; null to stay. */
  autoLeaveTo: string | null;
  retry?: { label: string; run(): void };
}

/** A blocking failure offers only Back to Home; the others Try Again (when allowed) and Continue to Onboarding. */
function CallbackFailure({ message, behaviour, autoLeaveTo, retry }: CallbackFailureProps) {
  const navigate = useNavigate();
  const blocking = behaviour === 'blocking';

  useEffect(() => {
    if (autoLeaveTo === null) return;
    const leave = () => void navigate(autoLeaveTo, { replace: true });
    const timer = window.setTimeout(leave, CALLBACK_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [autoLeaveTo, navigate]);

  return (
    <CallbackCard>
      <ThemeIcon color="red" variant="light" size={48} radius="xl">
        <AlertIcon size={24} />
      </ThemeIcon>
      <Text fw={600} role="alert">
        {message}
      </Text>
      <Group justify="center" gap="sm">
        {blocking ? (
          <Button onClick={() => void navigate('/', { replace: true })}>Back to Home</Button>
        ) : (
          <>
            {retry && behaviour !== 'continue' && <Button onClick={retry.run}>{retry.label}</Button>}
            <Button variant="default" onClick={() => void navigate(BLANK_DASHBOARD_PATH, { replace: true })}>
              Continue to Onboarding
            </Button>
          </>
        )}
      </Group>
    </CallbackCard>
  );
}
