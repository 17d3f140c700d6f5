import { Global, Module, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { LoggerModule } from 'nestjs-pino';
import { HealthController, ReadinessChecks } from './health.js';
import { loggerModuleParams, type LoggingOptions } from './logging.js';
import { HttpTracingMiddleware } from './http-tracing.js';
import { HttpMetricsMiddleware, MetricsController, MetricsRegistry } from './metrics.js';

/** Logs, /metrics, /health/live and /health/ready for one process. */
@Global()
@Module({})
export class ObservabilityModule implements NestModule {
  static forRoot(options: LoggingOptions & { metrics: boolean }) {
    return {
      module: ObservabilityModule,
      imports: [LoggerModule.forRoot(loggerModuleParams(options)), TerminusModule.forRoot({ logger: false })],
      controllers: [HealthController, ...(options.metrics ? [MetricsController] : [])],
      providers: [MetricsRegistry, ReadinessChecks, HttpMetricsMiddleware, HttpTracingMiddleware],
      exports: [MetricsRegistry, ReadinessChecks],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(HttpTracingMiddleware, HttpMetricsMiddleware).forRoutes('*path');
  }
}
