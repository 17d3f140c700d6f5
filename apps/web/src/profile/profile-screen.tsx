import { Button, Paper, Tabs } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import { ScreenFrame } from '../shared/layout/screen-frame.js';
import { StandalonePage } from '../shared/layout/standalone-page.js';
import { podcastPath } from '../shared/podcasts/podcast-paths.js';
import { AccountDetails } from './account-details.js';
import { ProfileDetailsForm } from './profile-details-form.js';
import { ProfilePictureForm } from './profile-picture-form.js';
import { WithProfile } from './with-profile.js';

/** /profile (query podcastId): Profile Info, Profile Picture and Account Settings. */
export function ProfileScreen() {
  const [searchParams] = useSearchParams();
  const podcastId = searchParams.get('podcastId');
  return (
    <StandalonePage>
      <ScreenFrame
        title="Profile Settings"
        description="Manage your profile information and account."
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
        <WithProfile>
          {(profile) => (
            <Tabs defaultValue="info" keepMounted={false} styles={{ tab: { minHeight: 44 } }}>
              <Tabs.List mb="lg">
                <Tabs.Tab value="info">Profile Info</Tabs.Tab>
                <Tabs.Tab value="picture">Profile Picture</Tabs.Tab>
                <Tabs.Tab value="account">Account Settings</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="info">
                <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={720}>
                  <ProfileDetailsForm profile={profile} />
                </Paper>
              </Tabs.Panel>
              <Tabs.Panel value="picture">
                <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={720}>
                  <ProfilePictureForm profile={profile} />
                </Paper>
              </Tabs.Panel>
              <Tabs.Panel value="account">
                <AccountDetails profile={profile} podcastId={podcastId} />
              </Tabs.Panel>
            </Tabs>
          )}
        </WithProfile>
      </ScreenFrame>
    </StandalonePage>
  );
}
