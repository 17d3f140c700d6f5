import { useMemo } from 'react';
import { useAuth } from '../auth/auth-context.js';
import { createApiClient, type ApiClient } from './api-client.js';

export function useApiClient(): ApiClient {
  const { accessToken } = useAuth();
  return useMemo(() => createApiClient(() => accessToken), [accessToken]);
}
