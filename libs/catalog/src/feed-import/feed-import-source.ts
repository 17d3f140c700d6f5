import { Inject, Injectable } from '@nestjs/common';
import { RemoteFetcher } from '@castbase/platform-remote-fetch';
import { FEED_IMPORT_FETCHER } from './feed-import-fetcher.js';
import { mapFeed, type ImportedFeed } from './map-feed.js';
import { fetchFeedDocument } from './read-feed-document.js';

/** Reads an old feed into Castbase's shapes (fetched safely, parsed without entity expansion). */
@Injectable()
export class FeedImportSource {
  constructor(@Inject(FEED_IMPORT_FETCHER) readonly fetcher: RemoteFetcher) {}

  async read(url: string): Promise<ImportedFeed> {
    return mapFeed(url, await fetchFeedDocument(this.fetcher, url));
  }
}
