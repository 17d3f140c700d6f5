import { describeObjectStorageContract } from '../object-storage.contract.js';
import { AdjustableClock } from '../testing/adjustable-clock.js';
import { S3RVER_CREDENTIALS, startS3rver } from '../testing/s3rver-test-server.js';
import { S3ObjectStorage } from './s3-object-storage.js';

describeObjectStorageContract('S3ObjectStorage against s3rver', async () => {
  const server = await startS3rver();
  const clock = new AdjustableClock();
  const storage = new S3ObjectStorage({
    bucket: server.bucket,
    region: 'us-east-1',
    endpoint: server.endpoint,
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
    // s3rver stores aws-chunked checksum framing as content; real S3 would not need this.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    clock: clock.now,
  });
  return {
    storage,
    clock,
    publicUrlBase: `${server.endpoint}/${server.bucket}/`,
    async stop() {
      storage.onModuleDestroy();
      await server.stop();
    },
  };
});
