import { analyticsMessages } from '@castbase/contracts';
import { Alert, Button, Center, EmptyState, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessageOf } from '../../shared/api/api-error.js';
import { AlertIcon, ChartBarIcon } from '../../shared/icons/icons.js';

// The states every analytics view goes through besides showing its figures (spec 3 §4): loading ('Loading …
// analytics...'), failed (what failed, the message, Retry) and no data (its title, what is missing, an action).

/** A spinner with the view's loading text, announced politely. */
export function AnalyticsLoading({ label }: { label: string }) {
  return (
    <Center py={80} role="status">
      <Stack align="center" gap="sm">
        <Loader aria-hidden="true" />
        <Text c="dimmed">{label}</Text>
      </Stack>
    </Center>
  );
}

interface AnalyticsErrorProps {
  /** The failure: an API error's message is shown, anything else the generic one. */
  error: unknown;
  onRetry: () => void;
  /** More ways out beside Retry (Back to Dashboard). */
  actions?: ReactNode;
  /** Retry is running. */
  retrying?: boolean;
}

/** 'Failed to load analytics', the error's message and Retry. */
export function AnalyticsError({ error, onRetry, actions, retrying = false }: AnalyticsErrorProps) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }} role="alert">
      <EmptyState
        variant="light"
        size="lg"
        color="red"
        icon={<AlertIcon size={28} />}
        title={analyticsMessages.loadFailed}
        description={errorMessageOf(error) || analyticsMessages.genericError}
      >
        <EmptyState.Actions>
          <Button onClick={onRetry} loading={retrying}>
            {analyticsMessages.retry}
          </Button>
          {actions}
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}

/**
 * The same failure when figures are already on screen (a Refresh that failed): a banner above them, with Retry, so the
 * figures stay readable and are not taken for fresh ones.
 */
export function AnalyticsErrorBanner({
  error,
  onRetry,
  retrying = false,
}: Omit<AnalyticsErrorProps, 'actions'>) {
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      icon={<AlertIcon size={20} />}
      title={analyticsMessages.loadFailed}
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">{errorMessageOf(error) || analyticsMessages.genericError}</Text>
        <Button size="compact-sm" variant="default" onClick={onRetry} loading={retrying}>
          {analyticsMessages.retry}
        </Button>
      </Group>
    </Alert>
  );
}

interface AnalyticsNoDataProps {
  /** What is missing ('Analytics data is not available for this episode.'). */
  description: string;
  action?: ReactNode;
}

/** 'No Analytics Data' and why, with an action. */
export function AnalyticsNoData({ description, action }: AnalyticsNoDataProps) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }}>
      <EmptyState
        variant="light"
        size="lg"
        icon={<ChartBarIcon size={28} />}
        title={analyticsMessages.noData}
        description={description}
      >
        {action && <EmptyState.Actions>{action}</EmptyState.Actions>}
      </EmptyState>
    </Paper>
  );
}
