import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';

const SEGMENT_SUFFIX = '.copy';
const DAMAGED_SUFFIX = '.damaged';

/** A closed segment of the journal: its path and its complete lines (a torn last line, never fsynced, left out). */
export interface JournalSegment {
  path: string;
  lines: string;
  rows: number;
}

/**
 * The downloads PostgreSQL could not take in time, on local disk: COPY text lines appended to a segment file and
 * fsynced before the listeners' redirects go out. A segment is closed (`rotate`) before it is replayed, so replay
 * never reads a file still being written; segments left by a process that died are closed by definition, and the
 * next process replays them. Replaying twice is harmless: the rows keep their ids, and the replay inserts with
 * `on conflict do nothing`.
 */
export class SpillJournal {
  private current: { path: string; handle: FileHandle } | undefined;
  /** Appends in order, one at a time, so lines never interleave. */
  private tail: Promise<void> = Promise.resolve();

  constructor(readonly directory: string) {}

  /** Appends `lines` (each ending in a newline) and returns once they are on disk. */
  append(lines: string): Promise<void> {
    const write = this.tail.then(async () => {
      const segment = await this.openSegment();
      await segment.handle.appendFile(lines, 'utf8');
      await segment.handle.datasync();
    });
    this.tail = write.catch(() => undefined);
    return write;
  }

  /** Closes the segment being written, so that it can be replayed; the next append starts another. */
  async rotate(): Promise<void> {
    const close = this.tail.then(async () => {
      const segment = this.current;
      this.current = undefined;
      await segment?.handle.close();
    });
    this.tail = close.catch(() => undefined);
    await close;
  }

  /** The closed segments, oldest first. */
  async closedSegments(): Promise<string[]> {
    const names = await readdir(this.directory).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [] as string[];
      throw error;
    });
    return names
      .filter((name) => name.endsWith(SEGMENT_SUFFIX))
      .map((name) => join(this.directory, name))
      .filter((path) => path !== this.current?.path)
      .sort();
  }

  async read(path: string): Promise<JournalSegment | null> {
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

  /** A replayed segment goes. */
  async remove(path: string): Promise<void> {
    await unlink(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }

  /** A segment PostgreSQL refuses (it cannot be read as rows) is kept aside for an operator, not retried for ever. */
  async setAside(path: string): Promise<string> {
    const damaged = `${path}${DAMAGED_SUFFIX}`;
    await rename(path, damaged);
    return damaged;
  }

  private async openSegment(): Promise<{ path: string; handle: FileHandle }> {
    if (this.current) return this.current;
    await mkdir(this.directory, { recursive: true });
    // Names sort by creation time; the random part keeps two processes sharing the folder apart.
    const path = join(
      this.directory,
      `${Date.now().toString().padStart(15, '0')}-${randomUUID()}${SEGMENT_SUFFIX}`,
    );
    const handle = await open(path, 'a');
    // The new file's name must survive a crash as well as its lines: the folder is synced once per segment.
    const folder = await open(this.directory, 'r');
    await folder.sync().finally(() => folder.close());
    this.current = { path, handle };
    return this.current;
  }
}
