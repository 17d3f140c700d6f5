import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

type Kind = 'request' | 'event';

/**
 * What operators watch on the bus, per service: handler outcomes and durations by subject, and the outbox backlog
 * (events committed but not yet sent). One instance per process; every service in it reports under its own label.
 */
export class MessagingMetrics {
  private readonly handled: Counter<'service' | 'subject' | 'kind' | 'outcome'>;
  private readonly duration: Histogram<'service' | 'subject' | 'kind'>;
  private readonly backlogs = new Map<string, () => Promise<number>>();

  constructor(registry: Registry) {
    this.handled = new Counter({
      name: 'castbase_bus_messages_handled_total',
      help: 'Requests answered and events processed, by service, subject and outcome (ok or error)',
      labelNames: ['service', 'subject', 'kind', 'outcome'] as const,
      registers: [registry],
    });
    this.duration = new Histogram({
      name: 'castbase_bus_handler_duration_seconds',
      help: 'Time spent in request and event handlers',
      labelNames: ['service', 'subject', 'kind'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    const backlogs = this.backlogs;
    new Gauge({
      name: 'castbase_outbox_pending',
      help: 'Events committed to a service outbox and not yet published',
      labelNames: ['service'] as const,
      registers: [registry],
      async collect() {
        for (const [service, count] of backlogs) this.set({ service }, await count().catch(() => -1));
      },
    });
  }

  /** Runs a handler, counting its outcome and timing it. */
  async observe<T>(service: string, subject: string, kind: Kind, work: () => Promise<T>): Promise<T> {
    const stop = this.duration.startTimer({ service, subject, kind });
    try {
      const result = await work();
      this.handled.inc({ service, subject, kind, outcome: 'ok' });
      return result;
    } catch (error) {
      this.handled.inc({ service, subject, kind, outcome: 'error' });
      throw error;
    } finally {
      stop();
    }
  }

  /** How a service counts its unsent outbox rows; read at every scrape. */
  trackOutbox(service: string, countPending: () => Promise<number>): void {
    this.backlogs.set(service, countPending);
  }
}
