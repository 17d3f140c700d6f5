import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { CastbaseLogo } from '../shared/brand/castbase-logo.js';
import { PRODUCT_NAME } from '../shared/brand/castbase-mark.js';
import { mainContentProps, SkipToContent } from '../shared/layout/skip-to-content.js';
import { ThemeSwitch } from '../shared/theme/theme-switch.js';
import classes from './public-pages.module.css';

/** The heading of a podcast page's episodes, where another season or page of them opens. */
export const EPISODES_HEADING_ID = 'episodes-heading';

/**
 * The frame of a creator's public pages: the podcast's name as the site's title (linking to its page), the theme
 * switch, and a 'Powered by Castbase' footer. Castbase stays in the background: these are the creator's pages.
 */
export function PublicSiteLayout({
  podcast,
  children,
}: {
  podcast: { id: string; name: string; artworkUrl: string | null } | null;
  children: ReactNode;
}) {
  useScrollOnNavigation();
  return (
    <Box mih="100dvh" className={classes.site}>
      <SkipToContent />
      <Box component="header" className={classes.siteHeader}>
        <Container size="lg" py="xs">
          <Group justify="space-between" wrap="nowrap">
            {podcast ? (
              <Anchor
                component={Link}
                to={`/podcast/${podcast.id}`}
                className={classes.siteName}
                underline="never"
              >
                {podcast.artworkUrl && <img src={podcast.artworkUrl} alt="" className={classes.siteMark} />}
                <span>{podcast.name}</span>
              </Anchor>
            ) : (
              <Anchor
                component={Link}
                to="/"
                className={classes.siteName}
                underline="never"
                aria-label="Castbase home"
              >
                <CastbaseLogo size={28} />
              </Anchor>
            )}
            <ThemeSwitch />
          </Group>
        </Container>
      </Box>
      <Box component="main" {...mainContentProps} className={classes.main}>
        {children}
      </Box>
      <Box component="footer" className={classes.siteFooter}>
        <Container size="lg" py="lg">
          <Text size="sm" ta="center">
            Powered by{' '}
            <Anchor href="/" fw={600}>
              {PRODUCT_NAME}
            </Anchor>{' '}
            · open-source podcast hosting
          </Text>
        </Container>
      </Box>
    </Box>
  );
}

/** A page of the public site that cannot be shown: not found (unpublished, private, unknown) or not loaded. */
export function PublicPageProblem({ title, message }: { title: string; message: string }) {
  return (
    <PublicSiteLayout podcast={null}>
      <Container size="sm" py={80} ta="center">
        <h1 className={classes.problemTitle}>{title}</h1>
        <Text mt="sm">{message}</Text>
        <Anchor component={Link} to="/" mt="lg" display="inline-block">
          Go to the home page
        </Anchor>
      </Container>
    </PublicSiteLayout>
  );
}

/**
 * A new public page opens at its top, or at the section its address names (`#subscribe`), as a page loaded from
 * the server would (the router would keep the last page's scroll position); another season or page of the same
 * podcast opens at its episodes.
 */
function useScrollOnNavigation(): void {
  const { pathname, search, hash } = useLocation();
  const shown = useRef<{ pathname: string; search: string } | null>(null);
  useEffect(() => {
    const otherPageOfSame = shown.current?.pathname === pathname && shown.current.search !== search;
    shown.current = { pathname, search };
    const targetId = hash ? decodeURIComponent(hash.slice(1)) : otherPageOfSame ? EPISODES_HEADING_ID : null;
    const target = targetId ? document.getElementById(targetId) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo({ top: 0 });
  }, [pathname, search, hash]);
}
