export * from './media.module.js';
export * from './database/media-database.js';
export { MEDIA_FOLDER, mediaStorageKey } from './uploads/media-storage-key.js';
export { UPLOAD_URL_LIFETIME_SECONDS } from './uploads/create-upload.handler.js';
