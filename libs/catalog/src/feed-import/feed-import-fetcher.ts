import type { Provider } from '@nestjs/common';
import { FEED_IMPORT_TIMEOUT_MS } from '@castbase/contracts';
import { APP_CONFIG, type AppConfig } from '@castbase/platform-config';
import { RemoteFetcher } from '@castbase/platform-remote-fetch';

/** The fetcher the import reads old feeds and chapters files with. */
export const FEED_IMPORT_FETCHER = Symbol('FEED_IMPORT_FETCHER');

type FetchConfig = Partial<Pick<AppConfig, 'FEED_FETCH_ALLOW_PRIVATE'>>;

/** Private, loopback and link-local addresses are refused unless FEED_FETCH_ALLOW_PRIVATE (a local install). */
export function feedImportFetcher(config: FetchConfig | undefined): RemoteFetcher {
  return new RemoteFetcher({
    allowPrivateAddresses: config?.FEED_FETCH_ALLOW_PRIVATE === true,
    timeoutMs: FEED_IMPORT_TIMEOUT_MS,
  });
}

export const feedImportFetcherProvider: Provider = {
  provide: FEED_IMPORT_FETCHER,
  useFactory: feedImportFetcher,
  inject: [{ token: APP_CONFIG, optional: true }],
};
