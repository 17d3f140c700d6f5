import { Badge, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ArrowRightIcon, MicrophoneIcon } from '../shared/icons/icons.js';
import { useLandingActions } from './landing-actions.js';
import classes from './landing.module.css';

// Relative bar heights of the decorative waveform; the staggered delays make it ripple.
const waveBars = [0.35, 0.6, 0.9, 0.5, 0.75, 1, 0.65, 0.4, 0.8, 0.55, 0.95, 0.45, 0.7, 0.3];

export function LandingHero() {
  const { status, signIn, getStarted, openDashboard } = useLandingActions();

  return (
    <section className={classes.hero} aria-labelledby="hero-title">
      <Container size="lg" py={{ base: 56, md: 96 }}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 48, md: 64 }} style={{ alignItems: 'center' }}>
          <Stack gap="lg">
            <Badge variant="light" size="lg" radius="xl" w="fit-content">
              Open-source podcast hosting
            </Badge>
            <Title order={1} id="hero-title" className={classes.heroTitle}>
              Launch Your Podcast <span className={classes.highlight}>to the World</span>
            </Title>
            <Text size="xl" c="dimmed" maw={540}>
              Host your show, publish episodes on your schedule and reach listeners on every podcast app —
              with AI helpers, clear analytics and monetization built in.
            </Text>
            <Group gap="sm">
              {status === 'signed-in' ? (
                <Button size="lg" onClick={openDashboard} rightSection={<ArrowRightIcon size={18} />}>
                  Go to Dashboard
                </Button>
              ) : (
                <>
                  <Button size="lg" onClick={getStarted} rightSection={<ArrowRightIcon size={18} />}>
                    Get Started Free
                  </Button>
                  <Button size="lg" variant="default" onClick={signIn}>
                    Sign In
                  </Button>
                </>
              )}
            </Group>
          </Stack>

          <div className={classes.stage} aria-hidden="true">
            <div className={classes.stageMic}>
              <MicrophoneIcon size={44} strokeWidth={1.6} />
            </div>
            <div className={classes.wave}>
              {waveBars.map((height, index) => (
                <span key={index} style={{ height: `${height * 100}%`, animationDelay: `${index * 90}ms` }} />
              ))}
            </div>
          </div>
        </SimpleGrid>
      </Container>
    </section>
  );
}
