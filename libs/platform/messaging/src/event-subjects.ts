import type { EventDefinition } from '@castbase/contracts';

/**
 * The event subjects a bus carries — on NATS, exactly the subject list of the stream. Publishing or consuming
 * any other subject is a wiring mistake, reported the same way by both buses.
 */
export class EventSubjects {
  private readonly subjects: ReadonlySet<string>;

  constructor(events: readonly EventDefinition[]) {
    this.subjects = new Set(events.map((event) => event.subject));
  }

  get all(): string[] {
    return [...this.subjects].sort();
  }

  assertKnown(subject: string): void {
    if (!this.subjects.has(subject)) {
      throw new Error(
        `Event subject "${subject}" is not one of the bus's events; add its definition to the bus's event list`,
      );
    }
  }
}
