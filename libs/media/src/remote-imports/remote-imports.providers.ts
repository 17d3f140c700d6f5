import { CopyRemoteFile } from './copy-remote-file.js';
import { remoteImportFetcherProvider } from './remote-import-fetcher.js';
import { RemoteImportWorker } from './remote-import-worker.js';
import {
  QueueRemoteImportsHandler,
  RemoteImportPlanHandler,
  RemoteImportProgressHandler,
} from './remote-import.handlers.js';

/** Copies of files at other hosts (the feed import): what the media module registers. */
export const REMOTE_IMPORT_REQUEST_HANDLERS = [
  RemoteImportPlanHandler,
  QueueRemoteImportsHandler,
  RemoteImportProgressHandler,
];
export const REMOTE_IMPORT_PROVIDERS = [remoteImportFetcherProvider, CopyRemoteFile, RemoteImportWorker];
