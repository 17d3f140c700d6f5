import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';

const SEGMENT_SUFFIX = '.copy';
const DAMAGED_SUFFIX = '.damaged';

/** A segment file of the journal as this process writes it, with what the writer has done with its rows. */
export interface JournalSegment {
  readonly path: string;
  /** Rows appended (and fsynced). */
  rows: number;
  bytes: number;
  /** No more rows go to it: once its rows are all in PostgreSQL it can go. */
  closed: boolean;
  /** Rows of it that PostgreSQL took from memory. */
  shipped: number;
  /** Its rows are to be written from the file (`replay`) instead of from memory. */
  replay: boolean;
}

/** A closed segment read back: its path and its complete lines (a torn last line, never fsynced, left out). */
export interface JournalContent {
  path: string;
  lines: string;
  rows: number;
}

/**
 * The downloads' journal on local disk: COPY text lines appended to a segment file opened with O_DSYNC, so an append
 * returns once its lines are on disk, before the listeners' redirects go out. A segment is closed when it reaches `maxSegmentBytes` or on `rotate`; the writer removes a closed
 * segment once PostgreSQL has all its rows, and replays the others from the file. Segments a process left when it
 * died are closed by definition, and the next process replays them. Replaying twice is harmless: the rows keep their
 * ids, and the replay inserts with `on conflict do nothing`.
 */
export class DownloadJournal {
  private current: { segment: JournalSegment; handle: FileHandle } | undefined;
  /** The segments this process wrote and has not removed, by path. */
  private readonly own = new Map<string, JournalSegment>();
  /** Appends in order, one at a time, so lines never interleave. */
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    readonly directory: string,
    private readonly maxSegmentBytes: number,
  ) {}

  /** Appends `lines` (`rows` of them, each ending in a newline); resolves with their segment once they are on disk. */
  append(lines: string, rows: number): Promise<JournalSegment> {
    const write = this.tail.then(async () => {
      const { segment, handle } = await this.openSegment();
      const bytes = Buffer.byteLength(lines);
      try {
        await handle.appendFile(lines, 'utf8');
      } catch (error) {
        // Part of the lines may be in the file: nothing more goes after them, and the file's complete rows are
        // replayed from it (its torn last line left out).
        segment.replay = true;
        await this.closeCurrent().catch(() => undefined);
        throw error;
      }
      segment.rows += rows;
      segment.bytes += bytes;
      if (segment.bytes >= this.maxSegmentBytes) await this.closeCurrent();
      return segment;
    });
    this.tail = write.catch(() => undefined);
    return write;
  }

  /** Closes the segment being written, if any (so that it can be replayed or removed); the next append starts another. */
  async rotate(): Promise<JournalSegment | undefined> {
    const close = this.tail.then(() => this.closeCurrent());
    this.tail = close.catch(() => undefined);
    return close;
  }

  /** The closed segments to replay from their files, oldest first: those of dead processes and those marked `replay`. */
  async segmentsToReplay(): Promise<string[]> {
    const names = await readdir(this.directory).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [] as string[];
      throw error;
    });
    return names
      .filter((name) => name.endsWith(SEGMENT_SUFFIX))
      .map((name) => join(this.directory, name))
      .filter((path) => {
        const segment = this.own.get(path);
        return !segment || (segment.closed && segment.replay);
      })
      .sort();
  }

  /** The segments this process wrote that are still on disk. */
  segments(): IterableIterator<JournalSegment> {
    return this.own.values();
  }

  async read(path: string): Promise<JournalContent | null> {
    const content = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (content === null) return null;
    const end = content.lastIndexOf('\n') + 1;
    const lines = content.slice(0, end);
    let rows = 0;
    for (let index = lines.indexOf('\n'); index !== -1; index = lines.indexOf('\n', index + 1)) rows += 1;
    return { path, lines, rows };
  }

  /** A segment whose rows PostgreSQL has goes. */
  async remove(path: string): Promise<void> {
    this.own.delete(path);
    await unlink(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }

  /** A segment PostgreSQL refuses (it cannot be read as rows) is kept aside for an operator, not retried for ever. */
  async setAside(path: string): Promise<string> {
    this.own.delete(path);
    const damaged = `${path}${DAMAGED_SUFFIX}`;
    await rename(path, damaged);
    return damaged;
  }

  private async closeCurrent(): Promise<JournalSegment | undefined> {
    const current = this.current;
    if (!current) return undefined;
    this.current = undefined;
    current.segment.closed = true;
    await current.handle.close();
    return current.segment;
  }

  private async openSegment(): Promise<{ segment: JournalSegment; handle: FileHandle }> {
    if (this.current) return this.current;
    await mkdir(this.directory, { recursive: true });
    // Names sort by creation time; the random part keeps two processes sharing the folder apart.
    const path = join(
      this.directory,
      `${Date.now().toString().padStart(15, '0')}-${randomUUID()}${SEGMENT_SUFFIX}`,
    );
    // O_DSYNC: a write returns once its bytes (and the file's new length) are on disk, one system call per append.
    const handle = await open(path, constants.O_WRONLY | constants.O_CREAT | constants.O_APPEND | constants.O_DSYNC);
    // The new file's name must survive a crash as well as its lines: the folder is synced once per segment.
    const folder = await open(this.directory, 'r');
    await folder.sync().finally(() => folder.close());
    const segment: JournalSegment = { path, rows: 0, bytes: 0, closed: false, shipped: 0, replay: false };
    this.own.set(path, segment);
    this.current = { segment, handle };
    return this.current;
  }
}
