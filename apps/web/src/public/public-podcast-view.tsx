import { publicPodcastPath, type PublicPodcastPage } from '@castbase/contracts';
import {
  Anchor,
  Badge,
  Button,
  Center,
  Container,
  Grid,
  Group,
  Pagination,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import { CreatorCard } from './creator-card.js';
import { EpisodeCard } from './episode-card.js';
import { PodcastFigures } from './podcast-figures.js';
import { PublicArtwork } from './public-artwork.js';
import { publicPodcastQueryKey } from './public-page-data.js';
import { absoluteUrl, safeLinkUrl } from './public-formats.js';
import classes from './public-pages.module.css';
import { PublicSection } from './public-section.js';
import { EPISODES_HEADING_ID, PublicSiteLayout } from './public-site-layout.js';
import { SeasonLinks } from './season-links.js';
import { SubscribeLinks } from './subscribe-links.js';
import { followableLinks, SupportLinks } from './support-links.js';
import { usePublicDocumentTitle } from './use-document-title.js';

/** `/podcast/{name}`: the podcast's website — who makes it, how to follow it, and its episodes by season. */
export function PublicPodcastView({ name, page }: { name: string; page: PublicPodcastPage }) {
  const navigate = useNavigate();
  const { podcast } = page;
  usePublicDocumentTitle(page.season ? `${podcast.name} · Season ${page.season}` : podcast.name);
  const feedUrl = absoluteUrl(podcast.feedPath);
  // The newest episode is the first of the first page of every season.
  const latest = page.page === 1 && page.season === null ? page.episodes[0] : undefined;
  const support = followableLinks(podcast.fundingLinks.map((link) => ({ url: link.url, title: link.label })));
  const website = safeLinkUrl(podcast.websiteUrl);
  const socialLinks = podcast.socialLinks.flatMap((link) => {
    const url = safeLinkUrl(link.url);
    return url ? [{ label: link.label, url }] : [];
  });

  return (
    <PublicSiteLayout podcast={podcast}>
      <div className={classes.hero}>
        <Container size="lg" py={{ base: 'lg', sm: 48 }}>
          <div className={classes.heroGrid}>
            <PublicArtwork url={podcast.artworkUrl} name={podcast.name} />
            <Stack gap="sm">
              <Title order={1} className={classes.title}>
                {podcast.name}
              </Title>
              {podcast.author && <Text fw={600}>by {podcast.author}</Text>}
              <Group gap="xs">
                <Badge variant="light">{podcast.category}</Badge>
                {podcast.explicit && <Badge color="red">Explicit</Badge>}
              </Group>
              {podcast.description.trim() && <Text className={classes.notes}>{podcast.description}</Text>}
              <Group gap="sm" mt="xs">
                <Button component="a" href="#subscribe">
                  Subscribe
                </Button>
                {latest && (
                  <Button component={Link} to={`/episode/${latest.id}`} variant="default">
                    Play the latest episode
                  </Button>
                )}
              </Group>
            </Stack>
          </div>
        </Container>
      </div>
      <Container size="lg" pb={48}>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
            <Stack gap="md" component="section" aria-labelledby={EPISODES_HEADING_ID}>
              <Group justify="space-between" align="baseline">
                <Title order={2} id={EPISODES_HEADING_ID}>
                  {page.season ? `Season ${page.season}` : 'Episodes'}
                </Title>
                <Text c="dimmed">{page.total === 1 ? '1 episode' : `${page.total} episodes`}</Text>
              </Group>
              <SeasonLinks name={name} seasons={page.seasons} season={page.season} />
              {page.episodes.length === 0 ? (
                <Text>No episodes published yet. Subscribe to hear the first one when it comes out.</Text>
              ) : (
                page.episodes.map((episode) => (
                  <EpisodeCard
                    key={episode.id}
                    episode={episode}
                    pageQueryKey={publicPodcastQueryKey(name, page.page, page.season)}
                  />
                ))
              )}
              {page.pageCount > 1 && (
                <Center>
                  <Pagination
                    total={page.pageCount}
                    value={page.page}
                    onChange={(next) => {
                      void navigate(publicPodcastPath(name, { page: next, season: page.season }));
                    }}
                    getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
                    getControlProps={(control) => ({
                      'aria-label':
                        control === 'next' ? 'Next page' : control === 'previous' ? 'Previous page' : control,
                    })}
                    aria-label="Episode pages"
                  />
                </Center>
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
            <Stack gap="lg">
              <PublicSection id="subscribe" title="Subscribe">
                <SubscribeLinks podcast={podcast} feedUrl={feedUrl} />
              </PublicSection>
              {page.creator && <CreatorCard creator={page.creator} />}
              {page.figures && <PodcastFigures figures={page.figures} />}
              {support.length > 0 && (
                <PublicSection id="support" title="Support the show">
                  <SupportLinks links={support} />
                </PublicSection>
              )}
              {(socialLinks.length > 0 || website) && (
                <PublicSection id="links" title="Links">
                  <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                    {website && (
                      <li>
                        <Anchor href={website} target="_blank" rel="noopener">
                          Website
                        </Anchor>
                      </li>
                    )}
                    {socialLinks.map((link) => (
                      <li key={link.url}>
                        <Anchor href={link.url} target="_blank" rel="noopener">
                          {link.label}
                        </Anchor>
                      </li>
                    ))}
                  </Stack>
                </PublicSection>
              )}
              {page.otherPodcasts.length > 0 && (
                <PublicSection id="more-podcasts" title="More podcasts">
                  <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                    {page.otherPodcasts.map((other) => (
                      <li key={other.id}>
                        <Anchor component={Link} to={`/podcast/${other.id}`}>
                          {other.name}
                        </Anchor>
                      </li>
                    ))}
                  </Stack>
                </PublicSection>
              )}
              {podcast.copyright && (
                <Text size="sm" c="dimmed">
                  {podcast.copyright}
                </Text>
              )}
            </Stack>
          </Grid.Col>
        </Grid>
      </Container>
    </PublicSiteLayout>
  );
}
