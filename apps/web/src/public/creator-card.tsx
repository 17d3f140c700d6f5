import { publicCreatorMessages, type PublicCreator } from '@castbase/contracts';
import { Avatar, Group, Stack, Text } from '@mantine/core';
import classes from './public-pages.module.css';
import { PublicSection } from './public-section.js';

/** The creator's card (their profile is public): picture, name and bio. The page shows nothing of them otherwise. */
export function CreatorCard({ creator }: { creator: PublicCreator }) {
  return (
    <PublicSection id="creator" title={publicCreatorMessages.heading}>
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <Avatar
            src={creator.avatarUrl}
            name={creator.displayName}
            color="initials"
            alt=""
            radius="xl"
            size={56}
          />
          <Text fw={600}>{creator.displayName}</Text>
        </Group>
        {creator.bio.trim() && <Text className={classes.notes}>{creator.bio}</Text>}
      </Stack>
    </PublicSection>
  );
}
