import { Button, Code, Collapse, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { AlertIcon } from '../icons/icons.js';

interface ErrorFallbackProps {
  error: unknown;
  /** Renders the failed part again without reloading the page. */
  onTryAgain?: () => void;
}

/** 'Something went wrong' with Refresh Page, Try Again and the error's details on demand. */
export function ErrorFallback({ error, onTryAgain }: ErrorFallbackProps) {
  const [detailsOpen, details] = useDisclosure(false);
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} role="alert" maw={640} mx="auto" my="xl">
      <Stack gap="md">
        <Group gap="sm">
          <ThemeIcon color="red" variant="light" size={44} radius="xl">
            <AlertIcon size={22} />
          </ThemeIcon>
          <Title order={2} fz="xl">
            Something went wrong
          </Title>
        </Group>
        <Text c="dimmed">This part of the page stopped working. Try again, or refresh the page.</Text>
        <Group gap="sm">
          <Button onClick={() => window.location.reload()}>Refresh Page</Button>
          {onTryAgain && (
            <Button variant="default" onClick={onTryAgain}>
              Try Again
            </Button>
          )}
          <Button variant="subtle" onClick={details.toggle} aria-expanded={detailsOpen}>
            Error Details
          </Button>
        </Group>
        <Collapse expanded={detailsOpen}>
          <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {describeError(error)}
          </Code>
        </Collapse>
      </Stack>
    </Paper>
  );
}

function describeError(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  try {
    return JSON.stringify(error, null, 2);
  } catch {
    return String(error);
  }
}
