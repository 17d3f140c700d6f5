import { AttachImportedMediaHandler } from './attach-imported-media.handler.js';
import { feedImportFetcherProvider } from './feed-import-fetcher.js';
import { FeedImportSource } from './feed-import-source.js';
import { GetFeedImportHandler } from './get-feed-import.handler.js';
import { PreviewFeedImportHandler } from './preview-feed-import.handler.js';
import { RerunFeedImportHandler } from './rerun-feed-import.handler.js';
import { StartFeedImportHandler } from './start-feed-import.handler.js';

/** Importing a podcast from another host: what the catalog module registers. */
export const FEED_IMPORT_REQUEST_HANDLERS = [
  PreviewFeedImportHandler,
  StartFeedImportHandler,
  RerunFeedImportHandler,
  GetFeedImportHandler,
];
export const FEED_IMPORT_EVENT_HANDLERS = [AttachImportedMediaHandler];
export const FEED_IMPORT_PROVIDERS = [feedImportFetcherProvider, FeedImportSource];
