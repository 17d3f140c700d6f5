export * from './media.module.js';
export * from './database/media-database.js';
export { MEDIA_FOLDER, mediaStorageKey } from './uploads/media-storage-key.js';
