import { profileMessages, type UserProfile } from '@castbase/contracts';
import { Alert, Button, Center, Loader } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PROFILE_CREATION_PATH } from '../shared/podcasts/podcast-paths.js';
import { useProfile } from './profile-api.js';
import { ProfileLoadFailure } from './profile-load-failure.js';

/**
 * Renders its children with the signed-in person's profile once loaded: a spinner before, 'Failed to Load
 * Profile' when loading fails, and a way to set one up when there is none.
 */
export function WithProfile({ children }: { children: (profile: UserProfile) => ReactNode }) {
  const profile = useProfile();
  const [failureDismissed, setFailureDismissed] = useState(false);

  if (profile.isPending) {
    return (
      <Center py="xl" role="status" aria-label="Loading profile">
        <Loader />
      </Center>
    );
  }
  if (profile.isError) {
    return failureDismissed ? null : (
      <ProfileLoadFailure error={profile.error} onDismiss={() => setFailureDismissed(true)} />
    );
  }
  if (!profile.data) {
    return (
      <Alert color="yellow" variant="light" title={profileMessages.noProfile}>
        <Button component={Link} to={PROFILE_CREATION_PATH} mt="sm">
          Set Up Your Profile
        </Button>
      </Alert>
    );
  }
  return children(profile.data);
}
