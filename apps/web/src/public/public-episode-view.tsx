import type { PublicEpisodePage } from '@castbase/contracts';
import { Anchor, Badge, Button, Container, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { publicEpisodeUrl } from '../episodes/actions/share-links.js';
import { playerMediaUrl, usePlaybackBeacons } from '../shared/listening/playback-beacons.js';
import { ChapterList } from './chapter-list.js';
import { CopyField } from './copy-field.js';
import { CreatorCard } from './creator-card.js';
import { CreditsList } from './credits-list.js';
import { PublicArtwork } from './public-artwork.js';
import { publicEpisodeQueryKey, useReloadOnMediaError } from './public-page-data.js';
import { absoluteUrl, episodeFacts, safeLinkUrl } from './public-formats.js';
import classes from './public-pages.module.css';
import { PublicSection } from './public-section.js';
import { PublicSiteLayout } from './public-site-layout.js';
import { ShareLinksPanel } from './share-links-panel.js';
import { followableLinks, SupportLinks } from './support-links.js';
import { TranscriptPanel } from './transcript-panel.js';
import { usePublicDocumentTitle } from './use-document-title.js';

/** `/episode/{id}`: the episode's own page — player, show notes, chapters, transcript, credits, support, share. */
export function PublicEpisodeView({ page }: { page: PublicEpisodePage }) {
  const { podcast, episode } = page;
  const player = useRef<HTMLMediaElement | null>(null);
  const [media, setMedia] = useState<HTMLMediaElement | null>(null);
  const attachPlayer = useCallback((element: HTMLMediaElement | null) => {
    player.current = element;
    setMedia(element);
  }, []);
  usePlaybackBeacons(media, episode.media ? { podcastId: podcast.id, episodeId: episode.id } : null, 'page');
  const [currentTime, setCurrentTime] = useState(0);
  usePublicDocumentTitle(`${episode.title} · ${podcast.name}`);
  const reloadOnError = useReloadOnMediaError(publicEpisodeQueryKey(episode.id), episode.media?.url);

  const seek = useCallback((seconds: number) => {
    const media = player.current;
    if (!media) return;
    media.currentTime = seconds;
    setCurrentTime(seconds);
    // A browser may refuse to play (no permission yet): the player then stays at the chapter, paused.
    media.play().catch(() => undefined);
  }, []);

  const podcastPath = `/podcast/${podcast.id}`;
  const feedUrl = absoluteUrl(podcast.feedPath);
  const support = followableLinks([
    ...episode.funding,
    ...podcast.fundingLinks.map((link) => ({ url: link.url, title: link.label })),
  ]);
  const listedChapters = episode.chapters.filter((chapter) => chapter.toc);
  const [transcript, ...otherTranscripts] = episode.transcripts;
  const mediaProps = {
    ref: attachPlayer,
    controls: true,
    // Nothing is fetched before someone presses play; the play is then a download counted from the page.
    preload: 'none',
    src: episode.media
      ? playerMediaUrl({ podcastId: podcast.id, episodeId: episode.id }, 'page', episode.media)
      : undefined,
    className: classes.player,
    'aria-label': `Play ${episode.title}`,
    onTimeUpdate: () => setCurrentTime(player.current?.currentTime ?? 0),
    onError: reloadOnError,
  } as const;

  return (
    <PublicSiteLayout podcast={podcast}>
      <div className={classes.hero}>
        <Container size="lg" py={{ base: 'lg', sm: 48 }}>
          <div className={classes.heroGrid}>
            <PublicArtwork url={episode.artworkUrl} name={episode.title} />
            <Stack gap="sm" component="article" aria-labelledby="episode-title">
              <Anchor component={Link} to={podcastPath} fw={600}>
                {podcast.name}
              </Anchor>
              <Title order={1} id="episode-title" className={classes.title}>
                {episode.title}
              </Title>
              <Text c="dimmed">{episodeFacts(episode)}</Text>
              <Group gap="xs">
                {episode.explicit && <Badge color="red">Explicit</Badge>}
                {episode.episodeType !== 'full' && (
                  <Badge variant="light">{episode.episodeType === 'trailer' ? 'Trailer' : 'Bonus'}</Badge>
                )}
              </Group>
              {episode.media ? (
                episode.media.mimeType.startsWith('video/') ? (
                  <video {...mediaProps} />
                ) : (
                  <audio {...mediaProps} />
                )
              ) : (
                <Text>This episode has no audio yet.</Text>
              )}
              <Group gap="sm">
                <Button component={Link} to={`${podcastPath}#subscribe`}>
                  Subscribe
                </Button>
                <Button component={Link} to={podcastPath} variant="default">
                  All episodes
                </Button>
              </Group>
            </Stack>
          </div>
        </Container>
      </div>
      <Container size="lg" pb={48}>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="lg">
              <PublicSection id="show-notes" title="Show notes">
                {episode.description.trim() ? (
                  <Text className={classes.notes}>{episode.description}</Text>
                ) : (
                  <Text c="dimmed">No show notes for this episode.</Text>
                )}
              </PublicSection>
              {listedChapters.length > 0 && (
                <PublicSection id="chapters" title="Chapters">
                  <ChapterList chapters={episode.chapters} currentTime={currentTime} onSeek={seek} />
                </PublicSection>
              )}
              {transcript && (
                <PublicSection id="transcript" title="Transcript">
                  <TranscriptPanel transcript={transcript} onSeek={seek} />
                  {otherTranscripts.length > 0 && (
                    <Group gap="sm" mt="sm">
                      <Text size="sm">Also available:</Text>
                      {otherTranscripts.map((other) => (
                        <Anchor
                          key={other.id}
                          href={safeLinkUrl(other.url) ?? undefined}
                          target="_blank"
                          rel="noopener"
                          size="sm"
                        >
                          {other.language} ({other.rel})
                        </Anchor>
                      ))}
                    </Group>
                  )}
                </PublicSection>
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="lg">
              {page.creator && <CreatorCard creator={page.creator} />}
              {episode.persons.length > 0 && (
                <PublicSection id="credits" title="Credits">
                  <CreditsList persons={episode.persons} />
                </PublicSection>
              )}
              {support.length > 0 && (
                <PublicSection id="support" title="Support the show">
                  <SupportLinks links={support} />
                </PublicSection>
              )}
              <PublicSection id="share" title="Share">
                <ShareLinksPanel
                  url={publicEpisodeUrl(window.location.origin, episode.id)}
                  title={episode.title}
                />
              </PublicSection>
              <PublicSection id="subscribe" title="Subscribe">
                <Stack gap="sm">
                  <CopyField label="RSS feed" value={feedUrl} />
                  <Anchor component={Link} to={podcastPath}>
                    More from {podcast.name}
                  </Anchor>
                </Stack>
              </PublicSection>
            </Stack>
          </Grid.Col>
        </Grid>
      </Container>
    </PublicSiteLayout>
  );
}
