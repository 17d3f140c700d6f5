import { Button, Center } from '@mantine/core';
import { Link, useRouteError } from 'react-router-dom';
import { useDocumentTitle } from '../shared/layout/document-title.js';
import { ErrorFallback } from '../shared/layout/error-fallback.js';

/** Last line of defence for anything the screens' own boundaries did not catch. */
export function RootErrorPage() {
  const error = useRouteError();
  useDocumentTitle('Something went wrong');
  return (
    <Center component="main" mih="100dvh" p="md" style={{ flexDirection: 'column' }}>
      <ErrorFallback error={error} />
      <Button component={Link} to="/" variant="subtle">
        Back to Home
      </Button>
    </Center>
  );
}
