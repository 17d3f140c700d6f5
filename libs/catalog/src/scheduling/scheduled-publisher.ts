import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { APP_CONFIG, catalogEnv, type AppConfig } from '@castbase/platform-config';
import { PublishDueEpisodes } from './publish-due-episodes.js';

type SchedulingConfig = Pick<AppConfig, 'SCHEDULED_PUBLISH_INTERVAL_SECONDS'>;

/**
 * Runs the publish-due routine every `SCHEDULED_PUBLISH_INTERVAL_SECONDS` (default 60) from the application's
 * bootstrap until it stops. Every replica runs its own timer: the routine itself makes sure each due episode is
 * published once. A run that fails is logged and the next one tries again; a run still going when the next is due
 * is not overlapped. Without the process's configuration (a test module), the variable's default applies.
 */
@Injectable()
export class ScheduledPublisher implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ScheduledPublisher.name);
  private readonly intervalMs: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly publishDue: PublishDueEpisodes,
    @Optional() @Inject(APP_CONFIG) config?: SchedulingConfig,
  ) {
    const seconds =
      config?.SCHEDULED_PUBLISH_INTERVAL_SECONDS ??
      catalogEnv.shape.SCHEDULED_PUBLISH_INTERVAL_SECONDS.parse(undefined);
    this.intervalMs = seconds * 1000;
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.runOnce(), this.intervalMs);
    // The timer alone never keeps a process alive; stopping goes through onModuleDestroy.
    this.timer.unref();
  }

  /** Stops the timer and waits for a run in progress, before the database closes. */
  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private runOnce(): void {
    if (this.running) return;
    this.running = this.publishDue
      .execute()
      .then(
        (published) => {
          if (published > 0) this.logger.log(`Published ${published} scheduled episode(s) that were due`);
        },
        (error: unknown) => {
          this.logger.error(
            `Publishing the due scheduled episodes failed: ${String(error)}`,
            (error as Error)?.stack,
          );
        },
      )
      .finally(() => {
        this.running = undefined;
      });
  }
}
