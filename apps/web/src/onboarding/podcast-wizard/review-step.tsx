import {
  complianceChecklist,
  PODCAST_LANGUAGES,
  splitCategory,
  type OnboardingPodcastForm,
} from '@castbase/contracts';
import {
  Group,
  Image,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { AlertIcon, CheckIcon } from '../../shared/icons/icons.js';

function languageLabel(code: string): string {
  return PODCAST_LANGUAGES.find((language) => language.code === code)?.label ?? code;
}

function SummaryItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text style={{ overflowWrap: 'anywhere' }}>{children}</Text>
    </Stack>
  );
}

/** Step 4, Review & Launch: what will be created, and the 'Apple Podcasts Compliance' checklist. */
export function ReviewStep({ form }: { form: OnboardingPodcastForm }) {
  const { category, subcategory } = splitCategory(form.subcategory);
  const none = '—';
  return (
    <Stack gap="lg">
      <Group align="flex-start" gap="lg" wrap="nowrap">
        {form.logoUrl && <Image src={form.logoUrl} alt="Album art" w={120} h={120} radius="md" />}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" style={{ flex: 1 }}>
          <SummaryItem label="Podcast name">{form.podcastName.trim() || none}</SummaryItem>
          <SummaryItem label="Host">{form.hostName.trim() || none}</SummaryItem>
          <SummaryItem label="Category">
            {subcategory ? `${category} › ${subcategory}` : category}
          </SummaryItem>
          <SummaryItem label="Language">{languageLabel(form.language)}</SummaryItem>
          <SummaryItem label="Content rating">{form.explicit ? 'Explicit' : 'Clean'}</SummaryItem>
          <SummaryItem label="Co-hosts">{form.coHosts.join(', ') || none}</SummaryItem>
          <SummaryItem label="Tags">{form.tags.join(', ') || none}</SummaryItem>
        </SimpleGrid>
      </Group>
      <SummaryItem label="Description">{form.description.trim() || none}</SummaryItem>

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="compliance-title">
        <Title order={3} fz="md" mb="sm" id="compliance-title">
          Apple Podcasts Compliance
        </Title>
        <List spacing="xs" center>
          {complianceChecklist(form).map(({ label, ok, recommended }) => (
            <List.Item
              key={label}
              icon={
                <ThemeIcon
                  size={24}
                  radius="xl"
                  color={ok ? 'green' : recommended ? 'yellow' : 'red'}
                  variant="light"
                >
                  {ok ? <CheckIcon size={14} /> : <AlertIcon size={14} />}
                </ThemeIcon>
              }
            >
              {label}
              <VisuallyHidden>{ok ? ' (complete)' : ' (missing)'}</VisuallyHidden>
            </List.Item>
          ))}
        </List>
      </Paper>
    </Stack>
  );
}
