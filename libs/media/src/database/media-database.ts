import { MESSAGING_ENTITIES, MESSAGING_MIGRATION } from '@castbase/platform-messaging';
import type { ServiceDatabaseDefinition } from '@castbase/platform-persistence';
import { MediaFile } from '../files/media-file.entity.js';
import { MediaOutput } from '../files/media-output.entity.js';
import { ProcessingJob } from '../processing-jobs/processing-job.entity.js';
import { Upload } from '../uploads/upload.entity.js';
import { RemoteImport } from '../remote-imports/remote-import.entity.js';
import { CreateRemoteImports } from '../remote-imports/migration-20261126-remote-imports.js';
import { AddTagFingerprintToRemoteImports } from '../remote-imports/migration-20261126-remote-import-tags.js';
import { CreateMediaTables } from './migration-20261122-media.js';
import { AddImagesToMediaFiles } from './migration-20261122-media-images.js';
import { AddMediaProcessing } from './migration-20261124-media-processing.js';
import { AddTranscriptsToMediaFiles } from './migration-20261125-media-transcripts.js';

export const mediaDatabase: ServiceDatabaseDefinition = {
  service: 'media',
  entities: [Upload, MediaFile, MediaOutput, ProcessingJob, RemoteImport, ...MESSAGING_ENTITIES],
  migrations: [
    MESSAGING_MIGRATION,
    { name: '20261122000100_media', class: CreateMediaTables },
    { name: '20261122000200_media_images', class: AddImagesToMediaFiles },
    { name: '20261124000100_media_processing', class: AddMediaProcessing },
    { name: '20261125000100_media_transcripts', class: AddTranscriptsToMediaFiles },
    { name: '20261126000900_remote_imports', class: CreateRemoteImports },
    { name: '20261126001000_remote_import_tags', class: AddTagFingerprintToRemoteImports },
  ],
};
