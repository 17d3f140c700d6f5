import { Button } from '@mantine/core';
import { Link } from 'react-router-dom';
import { MicrophoneIcon, PlusIcon, ShareIcon } from '../shared/icons/icons.js';
import { NotYetAvailable, ScreenFrame } from '../shared/layout/screen-frame.js';
import { StandalonePage } from '../shared/layout/standalone-page.js';
import { CREATE_PODCAST_PATH } from '../shared/podcasts/podcast-paths.js';

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
