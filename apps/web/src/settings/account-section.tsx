import { Divider, Stack, Text, Title } from '@mantine/core';
import { ProfileDetailsForm } from '../profile/profile-details-form.js';
import { ProfilePictureForm } from '../profile/profile-picture-form.js';
import { WithProfile } from '../profile/with-profile.js';

/** Account: profile picture, username, email and bio (the same rules as /profile). */
export function AccountSection() {
  return (
    <WithProfile>
      {(profile) => (
        <Stack gap="xl">
          <Stack gap="sm">
            <Title order={3} fz="lg">
              Profile picture
            </Title>
            <ProfilePictureForm profile={profile} />
          </Stack>
          <Divider />
          <Stack gap="sm">
            <Stack gap={2}>
              <Title order={3} fz="lg">
                Profile details
              </Title>
              <Text size="sm" c="dimmed">
                Your username, contact email and the bio listeners see.
              </Text>
            </Stack>
            <ProfileDetailsForm profile={profile} />
          </Stack>
        </Stack>
      )}
    </WithProfile>
  );
}
