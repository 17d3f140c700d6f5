import { Alert } from '@mantine/core';
import { errorMessageOf } from '../api/api-error.js';
import { AlertIcon, CheckIcon } from '../icons/icons.js';

export function SuccessBanner({ message, onClose }: { message: string | null; onClose: () => void }) {
  if (!message) return null;
  return (
    <Alert
      color="green"
      variant="light"
      role="status"
      icon={<CheckIcon size={20} />}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
    >
      {message}
    </Alert>
  );
}

interface FailureBannerProps {
  /** What failed, in the spec's words ('Failed to update profile'). */
  title: string;
  /** Why: an API error's message, or the title alone when there is nothing more to say. */
  error?: unknown;
  onClose?: () => void;
}

export function FailureBanner({ title, error, onClose }: FailureBannerProps) {
  // Without details the title is the whole message, shown as the text (a title would name the alert, and a name
  // like 'Please fix email validation error...' would be found by a search for the Email field's label).
  const details = error === undefined ? null : errorMessageOf(error);
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      {...(details ? { title } : {})}
      icon={<AlertIcon size={20} />}
      withCloseButton={Boolean(onClose)}
      closeButtonLabel="Dismiss"
      {...(onClose ? { onClose } : {})}
    >
      {details ?? title}
    </Alert>
  );
}
