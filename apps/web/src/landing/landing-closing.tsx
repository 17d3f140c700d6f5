import { Anchor, Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { CastbaseLogo, PRODUCT_NAME } from '../shared/brand/castbase-logo.js';
import { ArrowRightIcon } from '../shared/icons/icons.js';
import { useLandingActions } from './landing-actions.js';
import classes from './landing.module.css';

export function LandingCallToAction() {
  const { status, getStarted, openDashboard } = useLandingActions();
  const signedIn = status === 'signed-in';
  return (
    <Container size="lg" pb={{ base: 56, md: 88 }} component="section" aria-labelledby="closing-title">
      <Box className={classes.closing} px={{ base: 'lg', sm: 56 }} py={{ base: 40, sm: 56 }}>
        <Group justify="space-between" align="center" gap="xl">
          <Stack gap="xs" maw={560}>
            <Title order={2} id="closing-title" c="white" fz={{ base: 26, sm: 32 }}>
              Ready to share your voice?
            </Title>
            <Text c="rgba(255, 255, 255, 0.85)" size="lg">
              Create your podcast in minutes and publish your first episode today.
            </Text>
          </Stack>
          <Button
            size="lg"
            variant="white"
            onClick={signedIn ? openDashboard : getStarted}
            rightSection={<ArrowRightIcon size={18} />}
          >
            {signedIn ? 'Go to Dashboard' : 'Get Started'}
          </Button>
        </Group>
      </Box>
    </Container>
  );
}

export function LandingFooter() {
  const { status, signIn, getStarted } = useLandingActions();
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="lg" py="xl">
        <Group justify="space-between" align="flex-start" gap="lg">
          <Stack gap={6}>
            <CastbaseLogo size={26} />
            <Text size="sm" c="dimmed">
              Open-source podcast hosting and publishing.
            </Text>
          </Stack>
          <Group gap="lg" component="nav" aria-label="Footer">
            <Anchor href="#features" c="dimmed" size="sm">
              Features
            </Anchor>
            {status === 'signed-out' && (
              <>
                <Anchor component="button" type="button" onClick={getStarted} c="dimmed" size="sm">
                  Get Started
                </Anchor>
                <Anchor component="button" type="button" onClick={signIn} c="dimmed" size="sm">
                  Sign In
                </Anchor>
              </>
            )}
          </Group>
        </Group>
        <Text size="xs" c="dimmed" mt="lg">
          © {new Date().getFullYear()} {PRODUCT_NAME} · Free software under the AGPL-3.0 licence
        </Text>
      </Container>
    </Box>
  );
}
