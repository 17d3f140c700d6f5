import { z } from 'zod';

import { DomainError } from '@castbase/contracts';

import { DEFAULT_PUBLIC_PREFIX } from './public-prefix.js';

const sensitive = { sensitive: true };

/** Storage settings: S3 when `s3.bucket` is set, the local filesystem otherwise. */
export const storageConfigSchema = z
  .object({
    publicBaseUrl: z
      .url()
      .describe('Base URL the app is reached at; filesystem storage URLs are <publicBaseUrl>/storage/<key>'),
    publicPrefix: z
      .string()
      .min(1)
      .default(DEFAULT_PUBLIC_PREFIX)
      .describe('Keys under this folder are readable without a signature (covers, feeds artwork)'),
    filesystem: z
      .object({
        root: z.string().min(1).default('./.data/storage').describe('Folder holding stored objects'),
        signingSecret: z
          .string()
          .min(32)
          .optional()
          .describe('HMAC secret for signed storage URLs (32+ characters); required without S3')
          .meta(sensitive),
      })
      .prefault({}),
    s3: z
      .object({
        bucket: z.string().min(1).optional().describe('S3 bucket; setting it switches storage to S3'),
        endpoint: z.url().optional().describe('S3-compatible endpoint (MinIO, R2, …); AWS when unset'),
        region: z.string().min(1).default('us-east-1'),
        accessKeyId: z
          .string()
          .min(1)
          .optional()
          .describe('Unset: the AWS default credential chain')
          .meta(sensitive),
        secretAccessKey: z.string().min(1).optional().meta(sensitive),
        forcePathStyle: z
          .boolean()
          .default(false)
          .describe('Path-style addressing, needed by most non-AWS services'),
        publicBaseUrl: z
          .url()
          .optional()
          .describe('Base of public object URLs (CDN); derived from the bucket when unset'),
        requestChecksumCalculation: z
          .enum(['WHEN_SUPPORTED', 'WHEN_REQUIRED'])
          .default('WHEN_SUPPORTED')
          .describe('WHEN_REQUIRED for S3-compatible services that reject the SDK default CRC checksums'),
      })
      .prefault({}),
  })
  .superRefine((config, context) => {
    if (!config.s3.bucket && !config.filesystem.signingSecret) {
      context.addIssue({
        code: 'custom',
        path: ['filesystem', 'signingSecret'],
        message: 'Filesystem storage needs a signing secret of at least 32 characters',
      });
    }
    if (Boolean(config.s3.accessKeyId) !== Boolean(config.s3.secretAccessKey)) {
      context.addIssue({
        code: 'custom',
        path: ['s3', 'secretAccessKey'],
        message: 'S3 credentials need both an access key id and a secret access key',
      });
    }
  });

export type StorageConfigInput = z.input<typeof storageConfigSchema>;
export type StorageConfig = z.output<typeof storageConfigSchema>;

export function parseStorageConfig(input: StorageConfigInput): StorageConfig {
  const parsed = storageConfigSchema.safeParse(input);
  if (!parsed.success) {
    throw new DomainError(
      'VALIDATION_FAILED',
      `Invalid storage configuration: ${z.prettifyError(parsed.error)}`,
      {
        issues: parsed.error.issues,
      },
    );
  }
  return parsed.data;
}
