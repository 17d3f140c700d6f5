import { can, podcastMessages, podcastRoleLabels, type Podcast } from '@castbase/contracts';
import { Alert, Button, Divider, Group, List, Stack, Text, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useFocusFirstInvalid } from '../../shared/forms/use-focus-first-invalid.js';
import { AlertIcon, LockIcon } from '../../shared/icons/icons.js';
import { FailureBanner, SuccessBanner } from '../../shared/layout/feedback-banners.js';
import { PodcastArtworkField } from './podcast-artwork-field.js';
import { PodcastContactFields } from './podcast-contact-fields.js';
import { PodcastDirectoryFields } from './podcast-directory-fields.js';
import { PodcastDirectoryVisibilityFields } from './podcast-directory-visibility-fields.js';
import { PodcastFeedFields } from './podcast-feed-fields.js';
import { PodcastIdentityFields } from './podcast-identity-fields.js';
import { PodcastLicenseLocationFields } from './podcast-license-location-fields.js';
import { PodcastPodrollFields } from './podcast-podroll-fields.js';
import { PodcastScheduleFields } from './podcast-schedule-fields.js';
import type { SettingsRefusal } from './podcast-settings-values.js';
import { PodcastSettingsSummary } from './podcast-settings-summary.js';
import { PodcastTxtFields } from './podcast-txt-fields.js';
import { RssFeedAddress } from './rss-feed-address.js';
import { usePodcastSettingsForm } from './use-podcast-settings-form.js';

/**
 * Every setting of a podcast, saved at once. The owner edits; editors and viewers read the same settings.
 * From the first change until Save the feed is 'RSS out of sync'.
 */
export function PodcastSettingsForm({ podcast }: { podcast: Podcast }) {
  const form = usePodcastSettingsForm(podcast);
  const container = useFocusFirstInvalid<HTMLFormElement>(form.failedAttempts);
  const owner = can(podcast.role, 'manage');
  const fields = { values: form.values, change: form.change, errors: form.fieldErrors };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (owner) form.save();
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Podcast settings" ref={container}>
      <Stack gap="xl">
        {!owner && (
          <Alert variant="light" color="blue" icon={<LockIcon size={20} />}>
            {podcastMessages.readOnly(podcastRoleLabels[podcast.role])}
          </Alert>
        )}
        {form.outOfSync && (
          <Alert variant="light" color="yellow" icon={<AlertIcon size={20} />} role="status">
            <Text fw={600} size="sm">
              {podcastMessages.rssOutOfSync}
            </Text>
            <Text size="sm">{podcastMessages.rssOutOfSyncHint}</Text>
          </Alert>
        )}
        <SuccessBanner message={form.savedMessage} onClose={form.dismissSaved} />
        {form.refusal && <RefusalBanner refusal={form.refusal} onClose={form.dismissRefusal} />}
        {form.saveError && (
          <FailureBanner
            title={podcastMessages.saveFailed}
            error={form.saveError}
            onClose={form.dismissSaveError}
          />
        )}

        {owner ? (
          <Stack gap="xl">
            <SettingsGroup title="Album art">
              <PodcastArtworkField podcast={podcast} {...fields} />
            </SettingsGroup>
            <SettingsGroup title="Show">
              <PodcastIdentityFields {...fields} />
            </SettingsGroup>
            <SettingsGroup title="Feed">
              <PodcastFeedFields {...fields} podcast={podcast} />
            </SettingsGroup>
            <SettingsGroup title="Directory listing">
              <PodcastDirectoryFields {...fields} />
              <PodcastDirectoryVisibilityFields {...fields} />
            </SettingsGroup>
            <SettingsGroup title="License, location and schedule">
              <PodcastLicenseLocationFields {...fields} />
              <PodcastScheduleFields {...fields} />
            </SettingsGroup>
            <SettingsGroup title="Recommendations and verification">
              <PodcastPodrollFields {...fields} />
              <PodcastTxtFields {...fields} />
            </SettingsGroup>
            <SettingsGroup title="Optional details">
              <PodcastContactFields {...fields} />
            </SettingsGroup>
          </Stack>
        ) : (
          <PodcastSettingsSummary podcast={podcast} />
        )}

        <Divider />
        <RssFeedAddress podcast={podcast} withStatus={owner} />
        {owner && (
          <Group justify="flex-end">
            <Button type="submit" loading={form.saving}>
              Save
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

function SettingsGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="md">
      <Title order={3} fz="lg">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** 'Please complete all required fields for Apple Podcasts' with the fields missing, or another refusal. */
function RefusalBanner({ refusal, onClose }: { refusal: SettingsRefusal; onClose: () => void }) {
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      icon={<AlertIcon size={20} />}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
    >
      <Text size="sm" fw={600}>
        {refusal.title}
      </Text>
      {refusal.missing.length > 0 && (
        <List size="sm" mt={6} aria-label="Missing fields">
          {refusal.missing.map((label) => (
            <List.Item key={label}>{label}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
