import type { PodcastSummary } from '@castbase/contracts';
import { AppShell, Button, Divider, Group, NavLink, ScrollArea, Stack, UnstyledButton } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { useAuth } from '../shared/auth/auth-context.js';
import { CastbaseLogo } from '../shared/brand/castbase-logo.js';
import { LogoutIcon } from '../shared/icons/icons.js';
import { podcastPath } from '../shared/podcasts/podcast-paths.js';
import { ThemeSwitch } from '../shared/theme/theme-switch.js';
import classes from './dashboard-shell.module.css';
import { PodcastSwitcher } from './podcast-switcher.js';
import { shellNavItems } from './shell-navigation.js';
import { UserCard } from './user-card.js';

interface ShellNavbarProps {
  podcastId: string;
  podcasts: readonly PodcastSummary[] | undefined;
  /** Out of reach of keyboard and assistive technology (a closed drawer). */
  inert: boolean;
}

/** The sidebar's id, which the small-screen menu button controls. */
export const SHELL_NAVBAR_ID = 'podcast-sidebar';

export function ShellNavbar({ podcastId, podcasts, inert }: ShellNavbarProps) {
  const { pathname } = useLocation();
  const { user, signOut } = useAuth();

  return (
    <AppShell.Navbar
      p="md"
      className={classes.navbar}
      aria-label="Dashboard"
      id={SHELL_NAVBAR_ID}
      inert={inert}
    >
      <AppShell.Section>
        <Group justify="space-between" wrap="nowrap" mb="md" visibleFrom="sm">
          <UnstyledButton component={Link} to="/" aria-label="Castbase home">
            <CastbaseLogo size={30} />
          </UnstyledButton>
          <ThemeSwitch />
        </Group>
        <PodcastSwitcher currentPodcastId={podcastId} podcasts={podcasts} />
      </AppShell.Section>

      <AppShell.Section grow component={ScrollArea} my="md" mx="-xs" px="xs">
        <Stack gap={4} component="nav" aria-label="Podcast sections">
          {shellNavItems.map(({ label, segment, Icon }) => {
            const href = podcastPath(podcastId, segment);
            const active = pathname === href || pathname.startsWith(`${href}/`);
            return (
              <NavLink
                key={segment}
                component={Link}
                to={href}
                label={label}
                leftSection={<Icon size={20} />}
                active={active}
                aria-current={active ? 'page' : undefined}
                className={classes.navLink}
              />
            );
          })}
        </Stack>
      </AppShell.Section>

      <AppShell.Section>
        <Divider mb="sm" />
        <UserCard user={user} />
        <Button
          variant="subtle"
          color="gray"
          fullWidth
          justify="flex-start"
          mt={4}
          leftSection={<LogoutIcon size={18} />}
          onClick={signOut}
        >
          Logout
        </Button>
      </AppShell.Section>
    </AppShell.Navbar>
  );
}
