import { Inject, Injectable } from '@nestjs/common';
import { storageEvents, type PayloadOf } from '@castbase/contracts';
import type { EventContext, EventHandler } from '@castbase/platform-messaging';
import { DOWNLOAD_COUNTER_OPTIONS, type DownloadCounterOptions } from '../counting/download-counter.js';
import { downloadDeliveries, type DownloadDelivery } from './download-deliveries.js';

type Definition = typeof storageEvents.objectsDelivered;

const DAY_MS = 86_400_000;

/**
 * Keeps what Castbase's own storage sent of the requests the enclosure redirect sent to it (`download_deliveries`,
 * the most bytes per request), in the event's transaction. A delivery that adds bytes to a request the counting has
 * already taken (or may be taking now: older than its settling time) and that made no download of its own sends the
 * request's episode to `download_recounts`, from the request's time: its download may now count. A request that
 * already made its download needs nothing: more of its own bytes cannot change it.
 */
@Injectable()
export class ObjectsDeliveredHandler implements EventHandler<Definition> {
  readonly definition = storageEvents.objectsDelivered;

  constructor(@Inject(DOWNLOAD_COUNTER_OPTIONS) private readonly counter: DownloadCounterOptions) {}

  async handle(payload: PayloadOf<Definition>, { em }: EventContext<Definition>): Promise<void> {
    const deliveries = downloadDeliveries(payload.deliveries, Date.now());
    if (deliveries.length === 0) return;
    const connection = em.getConnection();
    const sql = (text: string, parameters: unknown[]) =>
      connection.execute<Array<Record<string, unknown>>>(text, parameters, 'all', em.getTransactionContext());

    const grown = await sql(
      `insert into analytics.download_deliveries as d (request_id, requested_at, first_byte, bytes_sent, complete)
         select * from unnest(?::uuid[], ?::timestamptz[], ?::bigint[], ?::bigint[], ?::boolean[])
         on conflict (request_id) do update
           set first_byte = excluded.first_byte, bytes_sent = excluded.bytes_sent, complete = excluded.complete,
               reported_at = now()
           where excluded.bytes_sent > d.bytes_sent
         returning request_id`,
      [
        arrayLiteral(deliveries.map((delivery) => delivery.requestId)),
        arrayLiteral(deliveries.map((delivery) => new Date(delivery.requestedAtMs).toISOString())),
        arrayLiteral(deliveries.map((delivery) => delivery.firstByte)),
        arrayLiteral(deliveries.map((delivery) => delivery.bytesSent)),
        arrayLiteral(deliveries.map((delivery) => delivery.complete)),
      ],
    );
    const grownIds = new Set(grown.map((row) => String(row['request_id'])));
    for (const day of byDay(deliveries.filter((delivery) => grownIds.has(delivery.requestId)))) {
      // One day partition at a time: its requests are found by primary key.
      await sql(
        `insert into analytics.download_recounts (podcast_id, episode_id, since)
           select r.podcast_id, r.episode_id, min(r.occurred_at) from analytics.download_requests r
            where r.occurred_at >= ? and r.occurred_at < ? and r.id = any(?::uuid[]) and r.own_storage
              and (r.occurred_at <= (select counted_through from analytics.download_counting)
                   or r.occurred_at <= now() - make_interval(secs => ?))
              and not exists (select 1 from analytics.downloads w where w.request_id = r.id)
            group by r.podcast_id, r.episode_id`,
        [
          new Date(day.startMs),
          new Date(day.startMs + DAY_MS),
          arrayLiteral(day.requestIds),
          this.counter.settleMs / 1000,
        ],
      );
    }
  }
}

/**
 * A PostgreSQL array literal: the driver would spread a JavaScript array into a list. The values are ids, ISO times,
 * integers and booleans checked by the event's schema, none holding a quote, comma or brace.
 */
function arrayLiteral(values: ReadonlyArray<string | number | boolean>): string {
  return `{${values.map((value) => (typeof value === 'string' ? `"${value}"` : String(value))).join(',')}}`;
}

function byDay(deliveries: DownloadDelivery[]): Array<{ startMs: number; requestIds: string[] }> {
  const days = new Map<number, string[]>();
  for (const delivery of deliveries) {
    const startMs = Math.floor(delivery.requestedAtMs / DAY_MS) * DAY_MS;
    const ids = days.get(startMs);
    if (ids) ids.push(delivery.requestId);
    else days.set(startMs, [delivery.requestId]);
  }
  return [...days].map(([startMs, requestIds]) => ({ startMs, requestIds }));
}
