import { connect, headers, errors } from '@nats-io/transport-node';
import { jetstream, jetstreamManager, AckPolicy, DeliverPolicy } from '@nats-io/jetstream';
const nc = await connect({ servers: '127.0.0.1:4222' });
console.log('server', nc.info?.version);
try { await nc.request('nobody.here', 'x', { timeout: 500 }); } catch (e) { console.log('noresp', e.constructor.name, e.message, e.isNoResponders?.(), e.cause?.constructor?.name); }
const sub = nc.subscribe('slow.one', { queue: 'q', callback: () => {} });
await nc.flush();
try { await nc.request('slow.one', 'x', { timeout: 300 }); } catch (e) { console.log('timeout', e.constructor.name, e.message, e.cause?.constructor?.name, e instanceof errors.TimeoutError); }
const sub2 = nc.subscribe('echo.one', { callback: (err, m) => { console.log('hdr keys', m.headers?.keys()); m.respond(m.data, { headers: m.headers }); } });
await nc.flush();
const h = headers(); h.set('traceparent', '00-abc'); h.set('X-Custom', 'v'); h.set('lower-case', 'v2');
const r = await nc.request('echo.one', 'hi', { timeout: 1000, headers: h });
console.log('reply hdrs', r.headers?.keys(), r.headers?.get('traceparent'));
const jsm = await jetstreamManager(nc);
try { await jsm.streams.delete('SCRATCH_EVENTS'); } catch {}
await jsm.streams.add({ name: 'SCRATCH_EVENTS', subjects: ['scratch.a.created'] });
const js = jetstream(nc);
const h2 = headers(); h2.set('traceparent', 'tp');
const pa = await js.publish('scratch.a.created', JSON.stringify({ n: 1 }), { msgID: 'id-1', headers: h2 });
const pb = await js.publish('scratch.a.created', JSON.stringify({ n: 1 }), { msgID: 'id-1' });
console.log('dup', pa.duplicate, pb.duplicate, pa.seq, pb.seq);
const cfg = { durable_name: 'c1', filter_subject: 'scratch.a.created', ack_policy: AckPolicy.Explicit, deliver_policy: DeliverPolicy.All, max_deliver: 5, ack_wait: 30e9 };
const [x, y] = await Promise.allSettled([jsm.consumers.add('SCRATCH_EVENTS', cfg), jsm.consumers.add('SCRATCH_EVENTS', cfg)]);
console.log('race', x.status, y.status, y.reason?.message);
try { await jsm.consumers.add('SCRATCH_EVENTS', { ...cfg, max_deliver: 7 }); console.log('diff add ok'); } catch (e) { console.log('diff add', e.constructor.name, e.message, e.code, e.api_error ?? e.apiError?.()); }
const c = await js.consumers.get('SCRATCH_EVENTS', 'c1');
const msgs = await c.consume({ max_messages: 4 });
(async () => { for await (const m of msgs) { console.log('got', m.seq, m.info.deliveryCount, m.headers?.keys(), m.string()); m.ack(); } console.log('loop end'); })();
await new Promise(r => setTimeout(r, 500));
await msgs.close();
await jsm.streams.delete('SCRATCH_EVENTS');
await nc.close();
