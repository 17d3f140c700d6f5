import { Box, Container, Group, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CastbaseLogo } from '../brand/castbase-logo.js';
import { ThemeSwitch } from '../theme/theme-switch.js';
import { mainContentProps, SkipToContent } from './skip-to-content.js';

/** Pages outside the dashboard shell (profile, social, onboarding): a slim top bar and a centred column. */
export function StandalonePage({ children }: { children: ReactNode }) {
  return (
    <Box mih="100dvh" bg="var(--mantine-color-body)">
      <SkipToContent />
      <Box component="header" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Container size="lg" py="sm">
          <Group justify="space-between">
            <UnstyledButton component={Link} to="/" aria-label="Castbase home">
              <CastbaseLogo size={30} />
            </UnstyledButton>
            <ThemeSwitch />
          </Group>
        </Container>
      </Box>
      <Container size="lg" py={{ base: 'lg', sm: 40 }} component="main" {...mainContentProps}>
        {children}
      </Container>
    </Box>
  );
}
