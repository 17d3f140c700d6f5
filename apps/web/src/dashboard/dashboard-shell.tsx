import {
  AppShell,
  Burger,
  Center,
  Group,
  Loader,
  Stack,
  Text,
  UnstyledButton,
  useMantineTheme,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { CastbaseLogo } from '../shared/brand/castbase-logo.js';
import { ErrorBoundary } from '../shared/layout/error-boundary.js';
import { mainContentProps, SkipToContent } from '../shared/layout/skip-to-content.js';
import { rememberLastUsedPodcastId } from '../shared/podcasts/podcast-ids.js';
import { usePodcastList } from '../shared/podcasts/podcast-list.js';
import { ThemeSwitch } from '../shared/theme/theme-switch.js';
import classes from './dashboard-shell.module.css';
import { SHELL_NAVBAR_ID, ShellNavbar } from './shell-navbar.js';

export const SHELL_NAVBAR_WIDTH = 280;
/** From this breakpoint up the sidebar is always shown; below it, it is a drawer behind the menu button. */
const NAVBAR_BREAKPOINT = 'sm';

/** The podcast area's frame: fixed sidebar, podcast switcher, and the current screen behind an error boundary. */
export function DashboardShell({ podcastId }: { podcastId: string }) {
  const { pathname } = useLocation();
  const [navbarOpen, navbar] = useDisclosure(false);
  const { breakpoints } = useMantineTheme();
  const sidebarAlwaysShown = useMediaQuery(`(min-width: ${breakpoints[NAVBAR_BREAKPOINT]})`, true);
  const podcasts = usePodcastList();

  const closeNavbar = navbar.close;

  useEffect(() => rememberLastUsedPodcastId(podcastId), [podcastId]);
  // On small screens the sidebar is a drawer; moving to another page closes it.
  useEffect(() => closeNavbar(), [pathname, closeNavbar]);

  return (
    <AppShell
      navbar={{
        width: SHELL_NAVBAR_WIDTH,
        breakpoint: NAVBAR_BREAKPOINT,
        collapsed: { mobile: !navbarOpen },
      }}
      header={{ height: { base: 60, sm: 0 } }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <SkipToContent />
      <AppShell.Header hiddenFrom={NAVBAR_BREAKPOINT} px="md">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navbarOpen}
              onClick={navbar.toggle}
              size="sm"
              aria-label="Toggle navigation"
              aria-expanded={navbarOpen}
              aria-controls={SHELL_NAVBAR_ID}
            />
            <UnstyledButton component={Link} to="/" aria-label="Castbase home">
              <CastbaseLogo size={28} />
            </UnstyledButton>
          </Group>
          <ThemeSwitch />
        </Group>
      </AppShell.Header>

      {/* A failed listing leaves the switcher empty; the failure itself is only logged. */}
      {/* Closed on a small screen, the sidebar is off-screen: inert, so Tab cannot reach links no one can see. */}
      <ShellNavbar
        podcastId={podcastId}
        podcasts={podcasts.isPending ? undefined : (podcasts.data ?? [])}
        inert={!sidebarAlwaysShown && !navbarOpen}
      />

      <AppShell.Main className={classes.main} {...mainContentProps}>
        {podcasts.isPending ? (
          <Center mih="60vh" role="status">
            <Stack align="center" gap="sm">
              <Loader />
              <Text c="dimmed">Loading podcast...</Text>
            </Stack>
          </Center>
        ) : (
          <ErrorBoundary resetKey={pathname}>
            <Outlet />
          </ErrorBoundary>
        )}
      </AppShell.Main>
    </AppShell>
  );
}
