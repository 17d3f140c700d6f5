import 'reflect-metadata';
import { EntityManager } from '@mikro-orm/postgresql';
import type { DynamicModule } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { pino } from 'pino';
import { ALL_EVENTS } from '@castbase/contracts';
import { allInOneEnv, APP_CONFIG, loadConfig, type AppConfig } from '@castbase/platform-config';
import { InProcessBus, MessagingModule } from '@castbase/platform-messaging';
import { PersistenceModule } from '@castbase/platform-persistence';
import { testStorageModule } from '@castbase/platform-storage';
import { createTestDatabase, freePort, type TestDatabase } from '@castbase/platform-testing';
import { IdentityModule } from '../../identity.module.js';
import { TestBrowser } from './test-browser.js';
import { TestWebClient } from './test-web-client.js';

export interface OidcTestAppOptions {
  /** Restart on an existing database (it is then not dropped by `stop`). */
  database?: TestDatabase;
  /** Extra environment, e.g. SMTP_URL. */
  env?: Record<string, string>;
  /** Listen on this port (a restart keeps its PUBLIC_URL); default a free one. */
  port?: number;
}

function configModule(config: AppConfig): DynamicModule {
  return {
    module: class TestConfigModule {},
    global: true,
    providers: [{ provide: APP_CONFIG, useValue: config }],
    exports: [APP_CONFIG],
  };
}

/**
 * The identity service as its own HTTP process would run it (Express, no body parser, loopback proxies trusted)
 * on a fresh database: the built-in provider at `${url}/oidc`, with the local mail page on.
 */
export async function startOidcTestApp(options: OidcTestAppOptions = {}) {
  const database = options.database ?? (await createTestDatabase('cbtest_oidc'));
  const port = options.port ?? (await freePort());
  const url = `http://localhost:${port}`;
  const config = loadConfig(allInOneEnv, {
    NODE_ENV: 'test',
    PUBLIC_URL: url,
    LOCAL_MAIL_PAGE: 'true',
    ...options.env,
  });
  const silent = pino({ level: 'silent' });
  const module = await Test.createTestingModule({
    imports: [
      configModule(config),
      PersistenceModule.forRoot({ url: database.url, poolMax: 4, migrateOnStart: true }),
      MessagingModule.forRoot({ bus: () => new InProcessBus({ events: ALL_EVENTS, logger: silent }) }),
      testStorageModule(),
      IdentityModule,
    ],
  }).compile();
  const app = module.createNestApplication<NestExpressApplication>({ bodyParser: false, logger: false });
  app.set('trust proxy', 'loopback');
  await app.listen(port);
  const issuer = `${url}/oidc`;
  const em = app.get(EntityManager);

  return {
    port,
    url,
    issuer,
    config,
    database,
    redirectUri: `${url}/callback`,
    /** A fresh browser, optionally coming from its own client address. */
    browser: (ip?: string) => new TestBrowser(ip ? { 'x-forwarded-for': ip } : {}),
    webClient: () => TestWebClient.discover(issuer, config.OIDC_CLIENT_ID, `${url}/callback`),
    rows: <T = Record<string, unknown>>(sql: string, parameters: unknown[] = []) =>
      em.fork().execute<T[]>(sql, parameters),
    em,
    async stop(): Promise<void> {
      await app.close();
      if (!options.database) await database.drop();
    },
  };
}

export type OidcTestApp = Awaited<ReturnType<typeof startOidcTestApp>>;
