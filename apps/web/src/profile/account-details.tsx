import { profileMessages, type UserProfile } from '@castbase/contracts';
import { Badge, Code, DataList, Paper, Stack, Text, Title } from '@mantine/core';
import { DangerZone } from './account-deletion/danger-zone.js';
import { useFeedStatus } from './feed-status-api.js';

const createdDateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

/** Account Settings: who the account is, when it was made, whether the podcast's feed exists, and deletion. */
export function AccountDetails({ profile, podcastId }: { profile: UserProfile; podcastId: string | null }) {
  return (
    <Stack gap="lg" maw={760}>
      <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="account-information-title">
        <Title order={3} fz="lg" mb="md" id="account-information-title">
          Account Information
        </Title>
        <DataList labelWidth={140}>
          <DataList.Item>
            <DataList.ItemLabel>User ID</DataList.ItemLabel>
            <DataList.ItemValue>
              <Code style={{ wordBreak: 'break-all' }}>{profile.id}</Code>
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Created</DataList.ItemLabel>
            <DataList.ItemValue>
              <time dateTime={profile.createdAt}>
                {createdDateFormat.format(new Date(profile.createdAt))}
              </time>
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>RSS Feed</DataList.ItemLabel>
            <DataList.ItemValue>
              <FeedStatus podcastId={podcastId} />
            </DataList.ItemValue>
          </DataList.Item>
        </DataList>
      </Paper>
      <DangerZone />
    </Stack>
  );
}

function FeedStatus({ podcastId }: { podcastId: string | null }) {
  const feed = useFeedStatus(podcastId);
  if (feed.isPending) return <Text c="dimmed">Checking...</Text>;
  if (feed.isError) return <Text c="red">{profileMessages.rssStatusFailed}</Text>;
  return feed.data ? (
    <Badge color="green" variant="light" size="lg">
      {profileMessages.rssFeedActive}
    </Badge>
  ) : (
    <Badge color="gray" variant="light" size="lg">
      {profileMessages.rssFeedNotGenerated}
    </Badge>
  );
}
