import { Box, Button, Container, Group, Text, UnstyledButton } from '@mantine/core';
import { CastbaseLogo, PRODUCT_NAME } from '../shared/brand/castbase-logo.js';
import { ThemeSwitch } from '../shared/theme/theme-switch.js';
import { useLandingActions } from './landing-actions.js';
import classes from './landing.module.css';

export function LandingHeader() {
  const { status, user, signIn, getStarted, openDashboard, logOut } = useLandingActions();
  const signedIn = status === 'signed-in';

  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" py="sm">
        {/* At 320 CSS pixels (a phone, or 400 % zoom) the actions go under the mark instead of off the screen. */}
        <Group justify="space-between" wrap="wrap" gap="xs">
          <UnstyledButton
            aria-label={`${PRODUCT_NAME}: ${signedIn ? 'go to your dashboard' : 'back to top'}`}
            onClick={signedIn ? openDashboard : () => window.scrollTo({ top: 0, behavior: 'smooth' })}
          >
            <CastbaseLogo size={32} wordmarkFrom="xs" />
          </UnstyledButton>

          <Group gap="sm" wrap="wrap" justify="flex-end">
            {signedIn && (
              <Text size="sm" c="dimmed" visibleFrom="md">
                Welcome back, {user?.name ?? user?.email ?? 'creator'}
              </Text>
            )}
            <ThemeSwitch />
            {signedIn && (
              <>
                <Button onClick={openDashboard}>Dashboard</Button>
                <Button variant="default" onClick={logOut}>
                  Log Out
                </Button>
              </>
            )}
            {status === 'signed-out' && (
              <>
                <Button variant="default" onClick={signIn}>
                  Sign In
                </Button>
                <Button onClick={getStarted} visibleFrom="xs">
                  Get Started
                </Button>
              </>
            )}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
