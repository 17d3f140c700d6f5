// The download benchmark's second reference: the least a Node.js process can do under the redirect's rule that a
// 302 leaves only once its request's row is durable. It reads request heads without parsing them, appends one row
// line per request to a journal file opened with O_DSYNC (made ahead and synced, as the product's segments are), one
// append at a time with every row that waited for it (group commit), and writes each 302 once its row's append has
// returned. No routing, no listener keys, no country, no PostgreSQL: what is left is the socket work and the disk's
// sync, which every recording redirect pays. It counts the heads in each read (wrk writes each request whole).
//
//   node tools/bench/support/durable-redirect.mjs <port> <location> <journal file>
import { closeSync, constants, fsyncSync, openSync, write, writeSync } from 'node:fs';
import { createServer } from 'node:net';

const [port, location, journalPath] = process.argv.slice(2);
const JOURNAL_BYTES = 256 * 1024 * 1024;
const END_OF_HEAD = Buffer.from('\r\n\r\n');
/** About the length of one of the product's rows (its COPY line). */
const ROW_PADDING = 'x'.repeat(300);

// Made ahead and synced, so that an append overwrites blocks the file has and does not change its length.
const filling = openSync(journalPath, 'w');
const zeroes = Buffer.alloc(1024 * 1024);
for (let offset = 0; offset < JOURNAL_BYTES; offset += zeroes.length)
  writeSync(filling, zeroes, 0, zeroes.length, offset);
fsyncSync(filling);
closeSync(filling);
const journal = openSync(journalPath, constants.O_WRONLY | constants.O_DSYNC);

let date = new Date().toUTCString();
setInterval(() => (date = new Date().toUTCString()), 1000).unref();

let rows = [];
let waiting = [];
let appending = false;
let scheduled = false;
let position = 0;

function append() {
  scheduled = false;
  if (appending || waiting.length === 0) return;
  const bytes = Buffer.from(rows.join(''), 'latin1');
  const sockets = waiting;
  rows = [];
  waiting = [];
  appending = true;
  if (position + bytes.length > JOURNAL_BYTES) position = 0;
  write(journal, bytes, 0, bytes.length, position, (error) => {
    if (error) throw error;
    position += bytes.length;
    appending = false;
    const response = `HTTP/1.1 302 Found\r\nLocation: ${location}\r\nCache-Control: no-store\r\nContent-Length: 0\r\nDate: ${date}\r\nConnection: keep-alive\r\nKeep-Alive: timeout=5\r\n\r\n`;
    for (const socket of sockets) if (!socket.destroyed) socket.write(response, 'latin1');
    append();
  });
}

createServer((socket) => {
  socket.setNoDelay(true);
  socket.on('error', () => socket.destroy());
  socket.on('data', (chunk) => {
    for (let end = chunk.indexOf(END_OF_HEAD); end !== -1; end = chunk.indexOf(END_OF_HEAD, end + 4)) {
      rows.push(`${Date.now()}\t${ROW_PADDING}\n`);
      waiting.push(socket);
    }
    if (!scheduled) {
      scheduled = true;
      setImmediate(append);
    }
  });
}).listen(Number(port), '127.0.0.1');
