import type { Provider } from '@nestjs/common';
import { IMPORT_MEDIA_TIMEOUT_MS } from '@castbase/contracts';
import { APP_CONFIG, type AppConfig } from '@castbase/platform-config';
import { RemoteFetcher } from '@castbase/platform-remote-fetch';

/** The fetcher files are copied from other hosts with. */
export const REMOTE_IMPORT_FETCHER = Symbol('REMOTE_IMPORT_FETCHER');

/** Private, loopback and link-local addresses are refused unless FEED_FETCH_ALLOW_PRIVATE (a local install). */
export const remoteImportFetcherProvider: Provider = {
  provide: REMOTE_IMPORT_FETCHER,
  useFactory: (config?: Partial<Pick<AppConfig, 'FEED_FETCH_ALLOW_PRIVATE'>>) =>
    new RemoteFetcher({
      allowPrivateAddresses: config?.FEED_FETCH_ALLOW_PRIVATE === true,
      timeoutMs: IMPORT_MEDIA_TIMEOUT_MS,
    }),
  inject: [{ token: APP_CONFIG, optional: true }],
};
