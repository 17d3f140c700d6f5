import { Public } from '@castbase/platform-auth';
import { Controller, Get, Inject, Injectable, Optional } from '@nestjs/common';
import {
  HealthCheck,
  HealthCheckService,
  type HealthIndicatorResult,
  HealthIndicatorService,
} from '@nestjs/terminus';

/** Something readiness depends on (a database, the bus). Providers register under READINESS_CHECKS. */
export interface ReadinessCheck {
  readonly name: string;
  check(): Promise<void>;
}

export const READINESS_CHECKS = Symbol('READINESS_CHECKS');

@Injectable()
export class ReadinessChecks {
  private readonly checks: ReadinessCheck[] = [];
  register(check: ReadinessCheck): void {
    this.checks.push(check);
  }
  all(): readonly ReadinessCheck[] {
    return this.checks;
  }
}

@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicator: HealthIndicatorService,
    private readonly readiness: ReadinessChecks,
    @Optional() @Inject(READINESS_CHECKS) private readonly staticChecks: ReadinessCheck[] = [],
  ) {}

  /** The process is alive and its event loop turns. */
  @Get('live')
  @HealthCheck()
  live() {
    return this.health.check([async () => this.indicator.check('process').up()]);
  }

  /** Every dependency this process needs answers. */
  @Get('ready')
  @HealthCheck()
  ready() {
    return this.health.check(
      [...this.staticChecks, ...this.readiness.all()].map(
        (check) => async (): Promise<HealthIndicatorResult> => {
          const indicator = this.indicator.check(check.name);
          try {
            await check.check();
            return indicator.up();
          } catch (error) {
            return indicator.down({ message: error instanceof Error ? error.message : String(error) });
          }
        },
      ),
    );
  }
}
