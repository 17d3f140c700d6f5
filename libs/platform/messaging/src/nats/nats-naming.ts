/**
 * Names on the NATS wire. Everything lives under a namespace (`BUS_NAMESPACE`, default `castbase`) so several
 * installations — or test files — can share one NATS server without seeing each other's messages.
 */
export const DEFAULT_BUS_NAMESPACE = 'castbase';

const NAMESPACE = /^[a-z0-9][a-z0-9_-]*$/i;
const CONSUMER_NAME = /^[a-z0-9][a-z0-9_-]*$/i;

export class NatsNaming {
  constructor(readonly namespace: string = DEFAULT_BUS_NAMESPACE) {
    if (!NAMESPACE.test(namespace)) {
      throw new Error(
        `Bus namespace "${namespace}" must be letters, digits, "-" or "_" (it prefixes every NATS subject)`,
      );
    }
  }

  /** `<namespace>.<subject>` */
  subject(subject: string): string {
    return `${this.namespace}.${subject}`;
  }

  /** `<NAMESPACE uppercased, non-alphanumerics → _>_EVENTS` */
  get stream(): string {
    return `${this.namespace.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_EVENTS`;
  }

  /** `<consumerName>_<subject with dots → _>`: one durable consumer per (consumer, subject). */
  durable(consumerName: string, subject: string): string {
    if (!CONSUMER_NAME.test(consumerName)) {
      throw new Error(`Consumer name "${consumerName}" must be letters, digits, "-" or "_"`);
    }
    return `${consumerName}_${subject.replace(/\./g, '_')}`;
  }
}
