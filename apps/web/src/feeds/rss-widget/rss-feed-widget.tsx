import { rssWidgetMessages as text } from '@castbase/contracts';
import { Badge, Button, Group, Paper, Stack, Switch, Tabs, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState, type CSSProperties } from 'react';
import { DirectoriesPanel } from '../directories/directories-panel.js';
import { FeedUrlsTab } from './feed-urls-tab.js';
import { RssStatusTab } from './rss-status-tab.js';
import { useLastFeedTest, useRssStatus } from './rss-feed-api.js';
import type { RssWidgetDialog } from './rss-widget-dialog.js';

// The dialogs' code (analysis, guide, explanations, every URL) is downloaded after the widget has shown.
const RssWidgetDialogs = lazy(() =>
  import('./rss-widget-dialogs.js').then((module) => ({ default: module.RssWidgetDialogs })),
);

type RssTab = 'status' | 'urls' | 'directories';

/**
 * Inside Settings' vertical tabs, Mantine's `--tabs-list-line-top: unset` inherits the outer tabs' 0 (a custom
 * property set to unset inherits) and the list's line becomes a box; `auto` keeps it a line under the tabs.
 */
const NESTED_TABS_LINE = { '--tabs-list-line-top': 'auto' } as CSSProperties;

/**
 * The RSS Feed Management widget (spec 2 §2): on the dashboard and in the settings' RSS section. Its state is the
 * server's RSS status (`GET /api/podcasts/{id}/feed`) and the feed's last test, both kept on the server.
 */
export function RssFeedWidget({ podcastId, headingLevel = 2 }: { podcastId: string; headingLevel?: 2 | 3 }) {
  const [autoRefresh, setAutoRefresh] = useState(false);
  const status = useRssStatus(podcastId, autoRefresh);
  const lastTest = useLastFeedTest(podcastId);
  const [tab, setTab] = useState<RssTab>('status');
  const [dialog, setDialog] = useState<RssWidgetDialog | null>(null);
  const hasUrl = Boolean(status.data?.url);
  const titleId = `rss-widget-title-${podcastId}`;

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <div>
            <Group gap="sm" wrap="wrap">
              <Title order={headingLevel} fz="lg" id={titleId}>
                {text.title}
              </Title>
              {status.data?.private && (
                <Badge color="yellow" variant="light" size="lg" radius="sm" tt="none">
                  {text.privateBadge}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {text.subtitle}
            </Text>
          </div>
          <Group gap="xs" wrap="wrap">
            <Button variant="subtle" size="compact-sm" onClick={() => setDialog('what-is-rss')}>
              {text.buttons.whatIsRss}
            </Button>
            <Button variant="subtle" size="compact-sm" onClick={() => setDialog('podcasting20')}>
              {text.buttons.podcasting20}
            </Button>
            <Switch
              label={text.autoRefresh}
              description={text.autoRefreshHint}
              checked={autoRefresh}
              onChange={(event) => setAutoRefresh(event.currentTarget.checked)}
            />
          </Group>
        </Group>

        <Tabs
          value={tab}
          onChange={(value) => setTab((value as RssTab | null) ?? 'status')}
          keepMounted={false}
          style={NESTED_TABS_LINE}
        >
          <Tabs.List aria-label={text.tabsLabel}>
            <Tabs.Tab value="status">{text.tabs.status}</Tabs.Tab>
            <Tabs.Tab value="urls" disabled={!hasUrl}>
              {text.tabs.urls}
            </Tabs.Tab>
            <Tabs.Tab value="directories" disabled={!hasUrl}>
              {text.tabs.directories}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="status" pt="md">
            <RssStatusTab
              podcastId={podcastId}
              status={status}
              lastTest={lastTest.data ?? null}
              onOpen={setDialog}
            />
          </Tabs.Panel>
          <Tabs.Panel value="urls" pt="md">
            {status.data && <FeedUrlsTab status={status.data} onOpen={setDialog} />}
          </Tabs.Panel>
          <Tabs.Panel value="directories" pt="md">
            <Stack gap="md">
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setDialog('submission-guide')}>
                  {text.buttons.submissionGuide}
                </Button>
              </Group>
              <DirectoriesPanel podcastId={podcastId} />
            </Stack>
          </Tabs.Panel>
        </Tabs>
      </Stack>
      <Suspense fallback={null}>
        <RssWidgetDialogs
          dialog={dialog}
          onClose={() => setDialog(null)}
          lastTest={lastTest.data ?? null}
          status={status.data ?? null}
        />
      </Suspense>
    </Paper>
  );
}
