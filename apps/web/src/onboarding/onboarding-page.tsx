import { profileCreationMessages, profileMessages } from '@castbase/contracts';
import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useProfile } from '../profile/profile-api.js';
import { ApiError } from '../shared/api/api-error.js';
import { useAuth } from '../shared/auth/auth-context.js';
import { AlertIcon } from '../shared/icons/icons.js';
import { FullPageLoader } from '../shared/layout/full-page-loader.js';
import { StandalonePage } from '../shared/layout/standalone-page.js';
import { PodcastWizard } from './podcast-wizard/podcast-wizard.js';
import { useDocumentTitle } from '../shared/layout/document-title.js';
import { PROFILE_SETUP_TITLE, ProfileSetupForm } from './profile-setup/profile-setup-form.js';
import { WelcomeModal } from './profile-setup/welcome-modal.js';

type OnboardingPhase = 'user-setup' | 'podcast-setup';

/**
 * /onboarding?mode=profile-creation|podcast-creation (spec 1 §2, §4). A person without a profile sets it up first
 * (user-setup), whatever the mode; with a profile they go straight to the podcast wizard (podcast-setup).
 */
export function OnboardingPage() {
  const { status } = useAuth();
  if (status === 'loading') return <FullPageLoader label="Checking your session" />;
  return (
    <StandalonePage>{status === 'signed-in' ? <SignedInOnboarding /> : <SignInToContinue />}</StandalonePage>
  );
}

function SignedInOnboarding() {
  const profile = useProfile();
  const [, setSearchParams] = useSearchParams();
  // Fixed once chosen, so that saving the profile does not swap the form for the wizard under the welcome modal.
  const [phase, setPhase] = useState<OnboardingPhase | null>(null);
  const [welcoming, setWelcoming] = useState(false);

  if (profile.isPending) {
    return (
      <Center py="xl" role="status" aria-label="Loading your profile">
        <Loader />
      </Center>
    );
  }
  if (profile.isError) {
    return (
      <Alert color="red" icon={<AlertIcon size={18} />} role="alert" maw={640} mx="auto">
        <Stack gap="sm" align="flex-start">
          <Text>
            {profile.error instanceof ApiError ? profile.error.message : profileMessages.failedToLoadProfile}
          </Text>
          <Button variant="default" onClick={() => void profile.refetch()}>
            Try Again
          </Button>
        </Stack>
      </Alert>
    );
  }

  const shown: OnboardingPhase = phase ?? (profile.data ? 'podcast-setup' : 'user-setup');

  function continueToPodcast() {
    setWelcoming(false);
    setPhase('podcast-setup');
    setSearchParams(
      (params) => {
        params.set('mode', 'podcast-creation');
        return params;
      },
      { replace: true },
    );
  }

  return shown === 'user-setup' ? (
    <>
      <ProfileSetupForm
        onCreated={() => {
          setPhase('user-setup');
          setWelcoming(true);
        }}
      />
      <WelcomeModal opened={welcoming} onContinue={continueToPodcast} />
    </>
  ) : (
    <PodcastWizard />
  );
}

function SignInToContinue() {
  const { signIn, signUp } = useAuth();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  useDocumentTitle(PROFILE_SETUP_TITLE);
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={560} mx="auto">
      <Stack gap="lg">
        <Title order={1} fz={{ base: 26, sm: 30 }}>
          {PROFILE_SETUP_TITLE}
        </Title>
        <Text c="dimmed">{profileCreationMessages.signInRequired}</Text>
        <Group gap="sm">
          <Button onClick={() => signUp(here)}>Get Started</Button>
          <Button variant="default" onClick={() => signIn(here)}>
            Sign In
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
