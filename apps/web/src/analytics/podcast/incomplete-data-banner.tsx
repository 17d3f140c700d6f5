import { analyticsMessages } from '@castbase/contracts';
import { Alert } from '@mantine/core';
import { AlertIcon } from '../../shared/icons/icons.js';

/**
 * 'Analytics data may be incomplete: {error}' (spec 3 §2.3), shown while one of a screen's fetches has failed and
 * another answered; `failure` says which ('Failed to fetch RSS analytics'), the failed part says why.
 */
export function IncompleteDataBanner({ failure }: { failure: string | null }) {
  if (failure === null) return null;
  return (
    <Alert color="yellow" variant="light" role="alert" radius="lg" icon={<AlertIcon size={20} />}>
      {analyticsMessages.incomplete(failure)}
    </Alert>
  );
}
