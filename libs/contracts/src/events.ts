import { catalogEvents } from './catalog/messages.js';
import { remoteImportEvents } from './catalog/feed-import.js';
import { feedsEvents } from './feeds/feeds.js';
import { mediaEvents } from './media/media.js';
import { userDataErasedEvents } from './identity/deletion.js';
import { identityEvents } from './identity/messages.js';
import { storageEvents } from './storage/storage-deliveries.js';
import type { EventDefinition } from './messaging/definitions.js';

/** Every event subject of the product: the JetStream stream's subject list. */
export const ALL_EVENTS: readonly EventDefinition[] = [
  ...Object.values(catalogEvents),
  ...Object.values(mediaEvents),
  ...Object.values(remoteImportEvents),
  ...Object.values(feedsEvents),
  ...Object.values(identityEvents),
  ...Object.values(userDataErasedEvents),
  ...Object.values(storageEvents),
];
