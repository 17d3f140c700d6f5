import { Alert } from '@mantine/core';
import { AlertIcon } from '../../shared/icons/icons.js';

/** Why the media service refused to start a render. */
export function RenderRequestError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert" icon={<AlertIcon size={20} />}>
      {message}
    </Alert>
  );
}
