import { Card, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ComponentType } from 'react';
import {
  BroadcastIcon,
  ChartBarIcon,
  CoinsIcon,
  ServerIcon,
  ShieldIcon,
  SparklesIcon,
  type IconProps,
} from '../shared/icons/icons.js';
import classes from './landing.module.css';

const features: ReadonlyArray<{
  title: string;
  description: string;
  Icon: ComponentType<IconProps>;
  color: string;
}> = [
  {
    title: 'Professional Hosting',
    description:
      'Reliable storage and fast delivery for your audio and video, with an RSS feed generated for every show.',
    Icon: ServerIcon,
    color: 'blue',
  },
  {
    title: 'AI-Powered Tools',
    description: 'Transcribe episodes and draft titles, show notes, chapters and clips in a few clicks.',
    Icon: SparklesIcon,
    color: 'violet',
  },
  {
    title: 'Multi-Platform Distribution',
    description:
      'Standards-compliant feeds with Podcasting 2.0 tags, ready for Apple Podcasts, Spotify and every podcast app.',
    Icon: BroadcastIcon,
    color: 'cyan',
  },
  {
    title: 'Detailed Analytics',
    description:
      'Plays, listeners, completion, geography, devices and sources — exportable as CSV, JSON or PDF.',
    Icon: ChartBarIcon,
    color: 'teal',
  },
  {
    title: 'Monetization',
    description:
      'Run dynamic ad campaigns with creatives and placements you control, across your whole catalogue.',
    Icon: CoinsIcon,
    color: 'yellow',
  },
  {
    title: 'Secure & Private',
    description:
      'Sign in through your identity provider, keep feeds private with rotatable tokens, and export or delete your data at any time.',
    Icon: ShieldIcon,
    color: 'indigo',
  },
];

export function LandingFeatures() {
  return (
    <Container
      size="lg"
      py={{ base: 56, md: 88 }}
      component="section"
      id="features"
      aria-labelledby="features-title"
    >
      <Stack align="center" ta="center" gap="sm" mb={48}>
        <Title order={2} id="features-title" fz={{ base: 28, sm: 36 }}>
          Everything your show needs
        </Title>
        <Text c="dimmed" size="lg" maw={620}>
          From the first upload to a growing audience, Castbase keeps hosting, publishing and insight in one
          place.
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {features.map(({ title, description, Icon, color }) => (
          <Card
            key={title}
            withBorder
            radius="lg"
            padding="xl"
            className={classes.featureCard}
            component="article"
          >
            <ThemeIcon variant="light" color={color} size={52} radius="md">
              <Icon size={26} />
            </ThemeIcon>
            <Title order={3} fz="lg" mt="lg" mb={6}>
              {title}
            </Title>
            <Text c="dimmed" size="sm" lh={1.6}>
              {description}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}
