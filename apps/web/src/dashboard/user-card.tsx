import { Avatar, NavLink } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { useProfile } from '../profile/profile-api.js';
import { profilePath } from '../profile/profile-path.js';
import type { AuthUser } from '../shared/auth/auth-context.js';

const DEFAULT_DISPLAY_NAME = 'User';

/** The signed-in person at the foot of the sidebar; opens their profile settings. */
export function UserCard({ user }: { user: AuthUser | undefined }) {
  const { podcastId } = useParams();
  const profile = useProfile();
  // The profile is what the person keeps up to date; the sign-in's claims stand in until it has loaded.
  const name = profile.data?.displayName.trim() || user?.name?.trim();
  const email = profile.data?.email || user?.email;
  const displayName = name || DEFAULT_DISPLAY_NAME;
  // Initials come from the name, else from the e-mail's local part, else from 'User'.
  const initialsSource = name || email?.split('@')[0] || DEFAULT_DISPLAY_NAME;
  return (
    <NavLink
      component={Link}
      to={profilePath(podcastId)}
      title="Profile settings"
      label={displayName}
      description={email}
      leftSection={
        <Avatar
          color="blue"
          radius="xl"
          name={initialsSource}
          src={profile.data?.avatarUrl ?? null}
          alt=""
          aria-hidden="true"
        />
      }
      styles={{ label: { fontWeight: 600 }, root: { borderRadius: 'var(--mantine-radius-md)' } }}
    />
  );
}
