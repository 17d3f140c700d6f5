import { z } from 'zod';
import {
  booleanFlag,
  commaList,
  described,
  jsonWebKeySet,
  origin,
  port,
  positiveInt,
  url,
} from './env-variable.js';

/** Variables every process reads. */
export const commonEnv = z.object({
  NODE_ENV: described(z.enum(['development', 'production', 'test']).default('development'), 'Runtime mode'),
  PORT: described(port.default(3000), 'HTTP port (web, API, feeds, health and metrics)'),
  PUBLIC_URL: described(
    url(['http', 'https'])
      .default('http://localhost:3000')
      .transform((v) => v.replace(/\/+$/, '')),
    'Public base URL of the whole product, as podcast apps and browsers reach it',
  ),
  LOG_LEVEL: described(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    'Log level (default info; warn in production)',
  ),
  OTEL_EXPORTER_OTLP_ENDPOINT: described(
    url(['http', 'https']).optional(),
    'OTLP/HTTP endpoint; tracing is off when unset',
  ),
  OTEL_SERVICE_NAME: described(
    z.string().min(1).optional(),
    'Service name reported to tracing (default castbase-<service>)',
  ),
  METRICS_ENABLED: described(booleanFlag.default(true), 'Serve Prometheus metrics on /metrics'),
  TRUST_PROXY: described(
    z.string().default('loopback'),
    'Which proxies to trust for the client address (Express trust proxy: hop count or subnets)',
  ),
});

export const databaseEnv = z.object({
  DATABASE_URL: described(
    url(['postgres', 'postgresql']).optional(),
    'PostgreSQL connection URL; unset in the all-in-one process = embedded PostgreSQL under ./.data',
    true,
  ),
  DATABASE_POOL_MAX: described(positiveInt.default(5), 'Connections per service pool'),
  MIGRATE_ON_START: described(
    booleanFlag.optional(),
    'Run migrations at start (default: on in the all-in-one process, off in service processes)',
  ),
  EMBEDDED_PG_DIR: described(
    z.string().default('./.data/postgres'),
    'Data folder of the embedded PostgreSQL',
  ),
  EMBEDDED_PG_PORT: described(port.default(54329), 'Port of the embedded PostgreSQL (127.0.0.1 only)'),
});

export const busEnv = z.object({
  NATS_URL: described(
    url(['nats', 'tls']).optional(),
    'NATS server with JetStream; unset in the all-in-one process = in-process bus',
  ),
  BUS_NAMESPACE: described(
    z
      .string()
      .regex(/^[a-z][a-z0-9_-]*$/, { error: 'expected lower-case letters, digits, - or _' })
      .default('castbase'),
    'Prefix of every subject and the JetStream stream name',
  ),
  BUS_REQUEST_TIMEOUT_MS: described(positiveInt.default(10_000), 'How long a request waits for its reply'),
  OUTBOX_RELAY_HOLD: described(
    z.string().default(''),
    'Test-only: the outbox relay keeps events unsent (to prove they survive a crash): true for every service, or the services named (comma-separated)',
  ),
});

export const storageEnv = z.object({
  STORAGE_DIR: described(
    z.string().default('./.data/storage'),
    'Folder of the filesystem storage (used when S3_BUCKET is unset)',
  ),
  STORAGE_SIGNING_SECRET: described(
    z.string().min(32, { error: 'expected at least 32 characters' }).optional(),
    'Secret for signed URLs of the filesystem storage (generated and kept under ./.data when unset)',
    true,
  ),
  S3_BUCKET: described(z.string().min(3).optional(), 'S3 bucket; setting it switches storage to S3'),
  S3_REGION: described(z.string().default('us-east-1'), 'S3 region'),
  S3_ENDPOINT: described(url(['http', 'https']).optional(), 'S3-compatible endpoint (MinIO, R2, ...)'),
  S3_ACCESS_KEY_ID: described(z.string().optional(), 'S3 access key id', true),
  S3_SECRET_ACCESS_KEY: described(z.string().optional(), 'S3 secret access key', true),
  S3_FORCE_PATH_STYLE: described(booleanFlag.default(false), 'Use path-style S3 URLs (MinIO)'),
  S3_PUBLIC_URL: described(
    url(['http', 'https']).optional(),
    "Public base URL of stored media (a CDN, or the bucket's address, allowing public reads under public/); default: <PUBLIC_URL>/storage/<key>, which redirects to a 60-second presigned URL of the private bucket",
  ),
});

export const authEnv = z.object({
  OIDC_ISSUER_URL: described(
    url(['http', 'https']).optional(),
    'External OpenID Connect issuer (Auth0, Keycloak, Zitadel, ...) the web app signs in with; unset = the built-in provider at PUBLIC_URL/oidc',
  ),
  OIDC_AUDIENCE: described(
    z.string().optional(),
    'Audience access tokens must carry (built-in provider: castbase-api); an external issuer is asked for it',
  ),
  OIDC_JWKS_URL: described(
    url(['http', 'https']).optional(),
    "JWKS URL the gateway fetches keys from (default: jwks_uri of the issuer's discovery document)",
  ),
  AUTH_DEV_SIGNING_KEY: described(
    z.string().min(32, { error: 'expected at least 32 characters' }).optional(),
    'Development only: HS256 key the gateway also accepts, so tests and local tools can mint tokens',
    true,
  ),
  OIDC_CLIENT_ID: described(
    z.string().min(1).default('castbase-web'),
    'Client id of the web app at the OpenID Connect issuer (the built-in provider registers it itself)',
  ),
  OIDC_SCOPE: described(
    z.string().min(1).default('openid profile email offline_access'),
    'Scopes the web app requests at sign-in (offline_access asks for refresh tokens)',
  ),
  OIDC_JWKS: described(
    jsonWebKeySet.optional(),
    'Built-in provider: its signing keys, a JSON Web Key Set with private RSA keys (default: generated once and kept in the identity database)',
    true,
  ),
  OIDC_COOKIE_KEYS: described(
    commaList
      .pipe(z.array(z.string().min(32, { error: 'expected keys of at least 32 characters' })).min(1))
      .optional(),
    'Built-in provider: comma-separated keys signing its cookies, newest first (default: generated once and kept in the identity database)',
    true,
  ),
  OIDC_EXTRA_ORIGINS: described(
    commaList.pipe(z.array(origin)).optional(),
    'Built-in provider: more web app origins allowed to sign in, comma-separated (e.g. a Vite dev server, http://localhost:5173)',
  ),
  SMTP_URL: described(
    url(['smtp', 'smtps']).optional(),
    'SMTP server for account e-mail (password reset) and the notification e-mails, e.g. smtps://user:password@mail.example.com; unset = e-mail is kept in the identity database',
    true,
  ),
  MAIL_FROM: described(
    z.string().min(3).default('Castbase <no-reply@localhost>'),
    'Sender of account and notification e-mail',
  ),
  LOCAL_MAIL_PAGE: described(
    booleanFlag.optional(),
    'Show e-mail kept in the database (no SMTP_URL) on /oidc/mail (default: on in the all-in-one process outside production, off otherwise); never on a public site',
  ),
});

export const gatewayEnv = z.object({
  RATE_LIMIT_PER_MINUTE: described(positiveInt.default(600), 'Requests per minute per client on /api'),
  JSON_BODY_LIMIT: described(
    z
      .string()
      .regex(/^\d+(b|kb|mb)$/i)
      .default('1mb'),
    'Largest JSON request body',
  ),
  WEB_DIST_DIR: described(z.string().optional(), 'Folder of the built web app (default apps/web/dist)'),
  MEDIA_URL: described(
    url(['http', 'https']).optional(),
    'Where a separate gateway process reaches the media service for uploads (unset in the all-in-one process)',
  ),
});

export const mediaEnv = z.object({
  FFMPEG_PATH: described(z.string().optional(), 'ffmpeg binary (default: system ffmpeg, else the npm one)'),
  FFPROBE_PATH: described(
    z.string().optional(),
    'ffprobe binary (default: system ffprobe, else the npm one)',
  ),
  UPLOADS_DIR: described(
    z.string().optional(),
    'Folder where resumable uploads collect their bytes on filesystem storage (default: uploads/ beside STORAGE_DIR); with S3 they go to the bucket by multipart upload',
  ),
  UPLOAD_EXPIRY_HOURS: described(
    positiveInt.default(24),
    'Hours after its last received bytes an unfinished upload is swept',
  ),
  PLAN_STORAGE_BYTES: described(
    positiveInt.default(1_000_000_000),
    "Bytes of media a creator may keep (the free tier's 1,000,000,000)",
  ),
  PLAN_EPISODES: described(positiveInt.default(10), "Episodes a creator may have (the free tier's 10)"),
  TRANSCODE_BITRATE_KBPS: described(
    positiveInt.default(128),
    'Bitrate of the published MP3 (constant bitrate) when a podcast sets none',
  ),
  MEDIA_JOB_CONCURRENCY: described(positiveInt.default(1), 'Processing jobs one media process runs at once'),
});

export const catalogEnv = z.object({
  SCHEDULED_PUBLISH_INTERVAL_SECONDS: described(
    positiveInt.default(60),
    'Seconds between two runs of the catalog routine that publishes the scheduled episodes whose date has come',
  ),
});

export const feedsEnv = z.object({
  WEBSUB_HUBS: described(
    commaList.pipe(z.array(url(['http', 'https']))).default([]),
    'WebSub hubs told of every public feed change (comma-separated URLs; each feed names them in atom:link rel="hub"); none by default',
  ),
  PODPING_URL: described(
    url(['http', 'https']).optional(),
    'Podping HTTP endpoint told of every public feed change (e.g. https://podping.cloud/); unset = no Podping',
  ),
  PODPING_TOKEN: described(z.string().min(1).optional(), "Podping's Authorization token (sent as given)"),
  FEED_FETCH_ALLOW_PRIVATE: described(
    booleanFlag.default(false),
    'Let the feed tester and the feed import fetch private, loopback and link-local addresses (a local install testing its own feed); never in production',
  ),
});

export const analyticsEnv = z.object({
  ANALYTICS_SPILL_DIR: described(
    z.string().optional(),
    'Folder of the download journal: every download is appended there (and synced) before its 302, and written to PostgreSQL from memory or, when PostgreSQL is away, from the journal once it answers; keep it on a persistent volume (default: analytics-spill/ beside STORAGE_DIR)',
  ),
  ANALYTICS_WRITE_TIMEOUT_MS: described(
    positiveInt.default(1000),
    'Milliseconds PostgreSQL may take to write downloads whose redirects wait for it (the journal refused them) before it counts as away, so no listener waits longer; rows already in the journal are given 30 s (or this, if longer) before they go to the replay',
  ),
  ANALYTICS_COUNT_SETTLE_MS: described(
    positiveInt.min(1000, { error: 'expected at least 1000 ms' }).default(30_000),
    'Milliseconds a download request waits before the counting takes it (its row may still be on its way to PostgreSQL; one that comes later still is counted by a recount of its episode)',
  ),
  ANALYTICS_RAW_RETENTION_DAYS: described(
    positiveInt.min(2, { error: 'expected at least 2 days' }).default(400),
    'Days the raw download and feed requests are kept (whole UTC days, dropped by the hourly partition job); the counted downloads and every rollup stay',
  ),
});

export const allInOneEnv = commonEnv
  .extend(databaseEnv.shape)
  .extend(busEnv.shape)
  .extend(storageEnv.shape)
  .extend(authEnv.shape)
  .extend(gatewayEnv.shape)
  .extend(mediaEnv.shape)
  .extend(catalogEnv.shape)
  .extend(feedsEnv.shape)
  .extend(analyticsEnv.shape);
export type AllInOneConfig = z.infer<typeof allInOneEnv>;
