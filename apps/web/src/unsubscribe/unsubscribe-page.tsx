import {
  UNSUBSCRIBE_API_PATH,
  unsubscribeMessages,
  unsubscribeResultSchema,
  type UnsubscribeResult,
} from '@castbase/contracts';
import { Alert, Anchor, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { API_BASE_PATH } from '../shared/api/api-client.js';
import { errorMessageOf } from '../shared/api/api-error.js';
import { useApiClient } from '../shared/api/use-api-client.js';
import { AlertIcon, CheckIcon } from '../shared/icons/icons.js';
import { useDocumentTitle } from '../shared/layout/document-title.js';
import { StandalonePage } from '../shared/layout/standalone-page.js';

/** The gateway's unsubscribe endpoint as the API client names it (under /api). */
const UNSUBSCRIBE_PATH = UNSUBSCRIBE_API_PATH.slice(API_BASE_PATH.length);

/**
 * /unsubscribe?token=… — where an e-mail's unsubscribe link leads: one click, no sign-in. The page turns the e-mail's
 * switch off as it opens (a POST: a link checker that only fetches the address changes nothing) and says which
 * e-mails stop, with the way to the notification settings.
 */
export function UnsubscribePage() {
  useDocumentTitle(unsubscribeMessages.title);
  const [token] = useState(() => new URLSearchParams(window.location.search).get('token'));
  const api = useApiClient();
  const unsubscribe = useMutation<UnsubscribeResult, Error, string>({
    mutationFn: (value) =>
      api.request(`${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(value)}`, {
        method: 'POST',
        response: unsubscribeResultSchema,
      }),
  });
  const asked = useRef(false);
  const { mutate } = unsubscribe;
  useEffect(() => {
    if (!token || asked.current) return;
    asked.current = true;
    mutate(token);
  }, [token, mutate]);

  return (
    <StandalonePage>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={560} mx="auto">
        <Stack gap="md">
          <Title order={1} fz="h2">
            {unsubscribeMessages.title}
          </Title>
          {!token ? (
            <Alert color="red" icon={<AlertIcon aria-hidden />} role="alert">
              {unsubscribeMessages.missingToken}
            </Alert>
          ) : unsubscribe.isSuccess ? (
            <Stack gap="sm" role="status">
              <Alert color="green" icon={<CheckIcon aria-hidden />}>
                {unsubscribeMessages.done(unsubscribe.data.kind)}
              </Alert>
              <Text>{unsubscribeMessages.manage}</Text>
              <Anchor component={Link} to="/profile">
                {unsubscribeMessages.settingsLink}
              </Anchor>
            </Stack>
          ) : unsubscribe.isError ? (
            <Alert color="red" icon={<AlertIcon aria-hidden />} role="alert">
              {errorMessageOf(unsubscribe.error)}
            </Alert>
          ) : (
            <Stack gap="xs" align="center" role="status" aria-live="polite">
              <Loader aria-hidden="true" />
              <Text>{unsubscribeMessages.working}</Text>
            </Stack>
          )}
        </Stack>
      </Paper>
    </StandalonePage>
  );
}
