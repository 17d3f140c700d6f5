import { Button } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import { MicrophoneIcon, PlusIcon, ShareIcon, UserIcon } from '../shared/icons/icons.js';
import { NotYetAvailable, ScreenFrame } from '../shared/layout/screen-frame.js';
import { StandalonePage } from '../shared/layout/standalone-page.js';
import { CREATE_PODCAST_PATH, podcastPath } from '../shared/podcasts/podcast-paths.js';

export function OnboardingScreen() {
  const [searchParams] = useSearchParams();
  const creatingProfile = searchParams.get('mode') === 'profile-creation';
  return (
    <StandalonePage>
      <ScreenFrame title={creatingProfile ? 'Set Up Your Profile' : 'Create Your Podcast'}>
        <NotYetAvailable
          icon={<MicrophoneIcon size={28} />}
          whatComesHere="Set up your profile, then create a podcast in four steps: details, host and settings, album art, and a final review before launch."
          actions={
            <Button component={Link} to="/" variant="default">
              Back to Home
            </Button>
          }
        />
      </ScreenFrame>
    </StandalonePage>
  );
}

export function BlankDashboardScreen() {
  return (
    <StandalonePage>
      <ScreenFrame title="Create your first podcast" description="You don't have a podcast yet.">
        <NotYetAvailable
          icon={<MicrophoneIcon size={28} />}
          whatComesHere="This dashboard will introduce what you can do once your first podcast exists."
          actions={
            <Button component={Link} to={CREATE_PODCAST_PATH} leftSection={<PlusIcon size={18} />}>
              Start Creating Podcast
            </Button>
          }
        />
      </ScreenFrame>
    </StandalonePage>
  );
}

export function ProfileScreen() {
  const [searchParams] = useSearchParams();
  const podcastId = searchParams.get('podcastId');
  return (
    <StandalonePage>
      <ScreenFrame
        title="Profile Settings"
        actions={
          <Button
            component={Link}
            to={podcastId ? podcastPath(podcastId, 'dashboard') : '/'}
            variant="default"
          >
            Back to Dashboard
          </Button>
        }
      >
        <NotYetAvailable
          icon={<UserIcon size={28} />}
          whatComesHere="Your profile info, profile picture and account settings — including account deletion — will be managed here."
        />
      </ScreenFrame>
    </StandalonePage>
  );
}

export function SocialScreen() {
  return (
    <StandalonePage>
      <ScreenFrame title="Social Media Manager">
        <NotYetAvailable
          icon={<ShareIcon size={28} />}
          whatComesHere="Connect your social accounts, generate short clips from episodes, and compose or schedule posts."
        />
      </ScreenFrame>
    </StandalonePage>
  );
}

export function CallbackScreen() {
  return (
    <StandalonePage>
      <ScreenFrame title="Signing you in">
        <NotYetAvailable
          icon={<UserIcon size={28} />}
          whatComesHere="This page finishes signing in when you return from the identity provider, then takes you to your dashboard."
          actions={
            <Button component={Link} to="/" variant="default">
              Back to Home
            </Button>
          }
        />
      </ScreenFrame>
    </StandalonePage>
  );
}
