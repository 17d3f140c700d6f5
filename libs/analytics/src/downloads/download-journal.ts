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

/** An open segment and the file it is written to. */
interface OpenSegment {
  segment: JournalSegment;
  handle: FileHandle;
}

const ZEROES = Buffer.alloc(1024 * 1024);

/**
 * The downloads' journal on local disk: COPY text lines written to a segment file opened with O_DSYNC, so a write
 * returns once its lines are on disk, before the listeners' redirects go out. A segment file is made ahead, filled with
 * zeroes to its full size and synced (with its folder) before its first row, as PostgreSQL does with its WAL: a write
 * then only overwrites blocks the file already has, and its sync need not wait for the file system's own journal (the
 * file's length does not change), which halves its wait on ext4. The rows end where the zeroes begin. A segment is
 * closed (and cut to its rows) when it is full or on `rotate`; the writer removes a closed segment once PostgreSQL has
 * all its rows, and replays the others from the file. Segments a process left when it died are closed by definition,
 * and the next process replays them (one made ahead and never written holds no row). Replaying twice is harmless: the
 * rows keep their ids, and the replay inserts with `on conflict do nothing`.
 */
export class DownloadJournal {
  /** The segments this process made and has not removed, by path. */
  private readonly own = new Map<string, JournalSegment>();
  private readonly lanes: JournalLane[];

  /** `lanes`: segments written at once, each by one write at a time (the writer runs as many appends at once). */
  constructor(
    readonly directory: string,
    private readonly maxSegmentBytes: number,
    lanes = 1,
  ) {
    this.lanes = Array.from(
      { length: Math.max(1, lanes) },
      () => new JournalLane(maxSegmentBytes, () => this.makeSegment()),
    );
  }

  /**
   * Appends `lines` (`rows` of them, each ending in a newline) to a lane with no write under way (the first, if all
   * have one); resolves with their segment once they are on disk.
   */
  append(lines: string, rows: number): Promise<JournalSegment> {
    const lane = this.lanes.find((candidate) => !candidate.writing) ?? this.lanes[0]!;
    return lane.append(lines, rows);
  }

  /** Closes the segments being written (so that they can be replayed or removed); the next appends start others. */
  async rotate(): Promise<JournalSegment[]> {
    const closed = await Promise.all(this.lanes.map((lane) => lane.rotate()));
    return closed.filter((segment) => segment !== undefined);
  }

  /** Closes the segments being written and removes those made ahead (when the process stops). */
  async close(): Promise<void> {
    for (const lane of this.lanes) {
      const ahead = await lane.close();
      if (ahead) await this.remove(ahead.path);
    }
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

  /** The segments this process made that are still on disk. */
  segments(): IterableIterator<JournalSegment> {
    return this.own.values();
  }

  /** A closed segment's complete rows: up to the zeroes not yet written (if any), and to its last newline. */
  async read(path: string): Promise<JournalContent | null> {
    const content = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (content === null) return null;
    const zeroes = content.indexOf('\0');
    const written = zeroes === -1 ? content : content.slice(0, zeroes);
    const lines = written.slice(0, written.lastIndexOf('\n') + 1);
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

  /** A new segment file of zeroes, synced with its folder, open for O_DSYNC writes. */
  private async makeSegment(): Promise<OpenSegment> {
    await mkdir(this.directory, { recursive: true });
    // Names sort by creation time; the random part keeps two processes sharing the folder apart.
    const path = join(
      this.directory,
      `${Date.now().toString().padStart(15, '0')}-${randomUUID()}${SEGMENT_SUFFIX}`,
    );
    const segment: JournalSegment = { path, rows: 0, bytes: 0, closed: false, shipped: 0, replay: false };
    this.own.set(path, segment);
    try {
      const filling = await open(path, 'wx');
      try {
        for (let offset = 0; offset < this.maxSegmentBytes; offset += ZEROES.length)
          await filling.write(ZEROES, 0, Math.min(ZEROES.length, this.maxSegmentBytes - offset), offset);
        await filling.sync();
      } finally {
        await filling.close();
      }
      // The new file's name must survive a crash as well as its rows.
      const folder = await open(this.directory, 'r');
      await folder.sync().finally(() => folder.close());
      return { segment, handle: await open(path, constants.O_WRONLY | constants.O_DSYNC) };
    } catch (error) {
      await this.remove(path).catch(() => undefined);
      throw error;
    }
  }
}

/** One segment file written at a time, one write at a time, with the next segment made ahead. */
class JournalLane {
  private current: OpenSegment | undefined;
  /** The next segment, being made ahead while the current one fills. */
  private next: Promise<OpenSegment> | undefined;
  /** Writes in order, one at a time, so lines never interleave. */
  private tail: Promise<unknown> = Promise.resolve();
  /** Writes queued or under way. */
  private queued = 0;

  constructor(
    private readonly maxSegmentBytes: number,
    private readonly makeSegment: () => Promise<OpenSegment>,
  ) {}

  get writing(): boolean {
    return this.queued > 0;
  }

  append(lines: string, rows: number): Promise<JournalSegment> {
    this.queued += 1;
    const write = this.tail
      .then(async () => {
        const bytes = Buffer.from(lines, 'utf8');
        // A write never runs past the zeroes made for it (the file's length would change); a larger one than a whole
        // segment (never, with the writer's batches) extends the file.
        if (
          this.current &&
          this.current.segment.bytes > 0 &&
          this.current.segment.bytes + bytes.length > this.maxSegmentBytes
        )
          await this.closeCurrent();
        const { segment, handle } = await this.openSegment();
        try {
          await handle.write(bytes, 0, bytes.length, segment.bytes);
        } catch (error) {
          // Part of the lines may be in the file: nothing more goes after them, and the file's complete rows are
          // replayed from it (its torn last line left out).
          segment.replay = true;
          await this.closeCurrent().catch(() => undefined);
          throw error;
        }
        segment.rows += rows;
        segment.bytes += bytes.length;
        if (segment.bytes >= this.maxSegmentBytes) await this.closeCurrent();
        return segment;
      })
      .finally(() => {
        this.queued -= 1;
      });
    this.tail = write.catch(() => undefined);
    return write;
  }

  rotate(): Promise<JournalSegment | undefined> {
    const close = this.tail.then(() => this.closeCurrent());
    this.tail = close.catch(() => undefined);
    return close;
  }

  /** Closes the current segment and the one made ahead; answers the latter, which holds no row. */
  async close(): Promise<JournalSegment | undefined> {
    await this.rotate();
    const ahead = await this.next?.catch(() => undefined);
    this.next = undefined;
    if (!ahead) return undefined;
    await ahead.handle.close();
    return ahead.segment;
  }

  private async closeCurrent(): Promise<JournalSegment | undefined> {
    const current = this.current;
    if (!current) return undefined;
    this.current = undefined;
    current.segment.closed = true;
    try {
      // The zeroes no row was written to go.
      await current.handle.truncate(current.segment.bytes);
    } finally {
      await current.handle.close();
    }
    return current.segment;
  }

  /** The segment to write to: the current one, else the one made ahead (and the one after it is begun). */
  private async openSegment(): Promise<OpenSegment> {
    if (this.current) return this.current;
    const next = this.next ?? this.makeSegment();
    this.next = undefined;
    try {
      this.current = await next;
    } catch {
      // The one made ahead failed (a full disk then, perhaps): one more try, now.
      this.current = await this.makeSegment();
    }
    const ahead = this.makeSegment();
    ahead.catch(() => undefined);
    this.next = ahead;
    return this.current;
  }
}
