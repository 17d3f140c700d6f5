import type { MessageHeaders } from '@castbase/contracts';
import { headers as natsHeaders, type MsgHdrs } from '@nats-io/transport-node';

/** Our headers as NATS headers (undefined when there are none). */
export function toNatsHeaders(values: MessageHeaders): MsgHdrs | undefined {
  const entries = Object.entries(values);
  if (entries.length === 0) return undefined;
  const result = natsHeaders();
  for (const [key, value] of entries) result.set(key, value);
  return result;
}

/** NATS headers as ours, without the server's own (`Nats-Msg-Id`, ...). */
export function fromNatsHeaders(values: MsgHdrs | undefined): MessageHeaders {
  const result: MessageHeaders = {};
  if (!values) return result;
  for (const key of values.keys()) {
    if (/^nats-/i.test(key)) continue;
    result[key] = values.get(key);
  }
  return result;
}
