import { Module, type DynamicModule, type INestApplication, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger as PinoNestLogger } from 'nestjs-pino';
import {
  allInOneEnv,
  loadConfig,
  oidcSettings,
  requireVariables,
  StartupError,
  type AppConfig,
} from '@castbase/platform-config';
import { createLogger, quietStartUpLogger, startTracing } from '@castbase/platform-observability';
import { ObjectStorage } from '@castbase/platform-storage';
import { FastHttpRoutes, type ExpressApplication } from './fast-http-routes.js';
import { persistentSecret, provideBus, provideDatabase, type Piece } from './runtime-pieces.js';
import { RuntimeModule } from './runtime.module.js';

export interface ProcessDefinition {
  /** 'gateway', 'catalog', ... or 'all-in-one'. */
  service: string;
  /** The all-in-one process falls back to embedded PostgreSQL, the in-process bus and a generated dev key. */
  embedded: boolean;
  /** Whether the process owns a schema (every service does; the gateway alone does not). Default true. */
  database?: boolean;
  modules: (config: AppConfig) => Array<Type | DynamicModule>;
  configureHttp?: (app: INestApplication, config: AppConfig) => void;
}

export interface RunningProcess {
  app: INestApplication;
  url: string;
  config: AppConfig;
  stop(): Promise<void>;
}

/**
 * Reads and checks the environment, with `required` variables that the schema leaves optional; a bad or missing
 * variable ends the process with exit code 78 and a message naming it.
 */
export function readProcessConfig(
  env: NodeJS.ProcessEnv,
  required: Array<keyof AppConfig>,
  why: string,
): AppConfig {
  try {
    const config = loadConfig(allInOneEnv, env);
    requireVariables(config, required, why);
    return config;
  } catch (error) {
    return exitOnStartupError(error);
  }
}

/** The banner's sign-in lines: how a person signs in, where e-mail goes, whether development tokens work. */
function signInLines(config: AppConfig): string[] {
  const { builtIn, issuer } = oidcSettings(config);
  if (!builtIn) return [`open ${config.PUBLIC_URL} and sign in with the OpenID Connect issuer ${issuer}`];
  return [
    `open ${config.PUBLIC_URL} and choose Get Started to create an account (built-in provider at ${issuer})`,
    config.SMTP_URL
      ? 'e-mail (password reset links) is sent through SMTP_URL'
      : config.LOCAL_MAIL_PAGE
        ? `e-mail (password reset links) is shown at ${issuer}/mail, not sent (set SMTP_URL to send it)`
        : 'e-mail is kept in the database, not sent (set SMTP_URL to send it)',
    ...(config.AUTH_DEV_SIGNING_KEY
      ? ['API tokens for scripts: npm run -s dev:token -- <subject> <username>']
      : []),
  ];
}

/** What a person who ran `npm start` reads first: where Castbase is, what each piece runs on, how to sign in. */
function startUpBanner(
  config: AppConfig,
  database: Piece<unknown> | undefined,
  bus: Piece<unknown>,
  storage: string,
): string {
  const rows: Array<[string, string[]]> = [
    ['web & API', [`${config.PUBLIC_URL}  (API reference: ${config.PUBLIC_URL}/api/docs)`]],
    ['sign-in', signInLines(config)],
    ['database', [database?.description ?? 'none', ...(database?.notes ?? [])]],
    ['bus', [bus.description]],
    ['storage', [storage]],
  ];
  return [
    '',
    `  Castbase is running on ${config.PUBLIC_URL}`,
    '',
    ...rows.flatMap(([label, lines]) =>
      lines.map((line, i) => `  ${(i === 0 ? label : '').padEnd(10)} ${line}`),
    ),
    '',
    '  Stop it with Ctrl+C. Log lines follow.',
    '',
  ].join('\n');
}

/** For a process's main module: a StartupError is printed for the person (no stack) and ends the process with 78. */
export function exitOnStartupError(error: unknown): never {
  if (error instanceof StartupError) {
    console.error(`Castbase cannot start.\n${error.message}`);
    process.exit(78);
  }
  throw error;
}

/** Listens on PORT, or explains that another program holds it. */
async function listen(app: INestApplication, port: number): Promise<void> {
  try {
    await app.listen(port);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    throw new StartupError(
      `Port ${port} is already taken by another program (another Castbase?). Stop it, or set PORT to a free port.`,
    );
  }
}

/** What a process cannot run without: only the all-in-one process has embedded fallbacks. */
function requiredVariables(definition: ProcessDefinition): Array<keyof AppConfig> {
  if (definition.embedded) return [];
  return definition.database === false ? ['NATS_URL'] : ['DATABASE_URL', 'NATS_URL'];
}

/** Starts one Castbase process: its runtime pieces, its Nest modules, and the HTTP server on PORT. */
export async function runProcess(
  definition: ProcessDefinition,
  env: NodeJS.ProcessEnv = process.env,
): Promise<RunningProcess> {
  const config = readProcessConfig(
    env,
    requiredVariables(definition),
    `required when ${definition.service} runs in its own process; only the all-in-one process has embedded fallbacks`,
  );
  const log = createLogger({
    service: definition.service,
    level: config.LOG_LEVEL,
    production: config.NODE_ENV === 'production',
  });
  const stopTracing = await startTracing({
    serviceName: config.OTEL_SERVICE_NAME ?? `castbase-${definition.service}`,
    otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
  });
  const development = config.NODE_ENV !== 'production';
  // Local tools (`npm run dev:token`) mint API tokens with this key; a production site signs in only through OIDC.
  if (definition.embedded && development && !config.OIDC_ISSUER_URL && !config.AUTH_DEV_SIGNING_KEY) {
    config.AUTH_DEV_SIGNING_KEY = await persistentSecret(`${config.EMBEDDED_PG_DIR}/../dev-signing-key`);
  }
  // Without SMTP a laptop install shows its e-mail (password reset links) on /oidc/mail; a public site must not.
  config.LOCAL_MAIL_PAGE ??= definition.embedded && development && !config.SMTP_URL;
  if (!config.S3_BUCKET && !config.STORAGE_SIGNING_SECRET) {
    config.STORAGE_SIGNING_SECRET = await persistentSecret(`${config.STORAGE_DIR}/../storage-signing-secret`);
  }
  const database = definition.database === false ? undefined : await provideDatabase(config);
  const bus = await provideBus(config, definition.service);
  const migrateOnStart = config.MIGRATE_ON_START ?? definition.embedded;

  @Module({
    imports: [
      RuntimeModule.forRoot({
        service: definition.service,
        config,
        databaseUrl: database?.value,
        migrateOnStart,
        bus: bus.value,
      }),
      ...definition.modules(config),
    ],
  })
  class ProcessModule {}

  const app = await NestFactory.create<NestExpressApplication>(ProcessModule, {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(quietStartUpLogger(app.get(PinoNestLogger)));
  app.set('trust proxy', /^\d+$/.test(config.TRUST_PROXY) ? Number(config.TRUST_PROXY) : config.TRUST_PROXY);
  app.disable('x-powered-by');
  definition.configureHttp?.(app, config);
  // The public hot paths (/feeds) are answered before Express, Nest and their middleware see them (ADR 0014).
  const express: ExpressApplication = app.getHttpAdapter().getInstance();
  app.get(FastHttpRoutes).attach(app.getHttpServer(), express);
  try {
    await listen(app, config.PORT);
  } catch (error) {
    await app.close();
    await bus.stop();
    await database?.stop();
    throw error;
  }
  const url = `http://localhost:${config.PORT}`;
  const storage = app.get(ObjectStorage).describe();
  // The all-in-one process tells a person in its banner; a service process tells its log collector.
  log[definition.embedded ? 'debug' : 'info'](
    {
      database: database?.description ?? 'none',
      bus: bus.description,
      storage: storage,
      migrateOnStart,
      url,
    },
    `Castbase ${definition.service} ready`,
  );
  if (definition.embedded) console.log(startUpBanner(config, database, bus, storage));
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await app.close();
      await bus.stop();
      await database?.stop();
      await stopTracing();
    })());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      log.info(`${signal} received: shutting down`);
      void stop().then(() => process.exit(0));
    });
  }
  return { app, url, config, stop };
}
