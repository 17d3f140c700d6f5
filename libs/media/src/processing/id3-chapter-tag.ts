import NodeID3 from 'node-id3';

/** One chapter as the MP3's CHAP frame carries it. */
export interface Id3ChapterFrame {
  startSeconds: number;
  /** Absent: until the next chapter starts, the last one until the end. */
  endSeconds?: number | null;
  title: string;
  /** WXXX subframe. */
  url?: string | null;
  /** APIC subframe: a JPEG or PNG already read (see `ChapterImageSource`). */
  image?: { mimeType: 'image/jpeg' | 'image/png'; bytes: Buffer } | null;
  /** false: left out of the table of contents (a hidden chapter), still a CHAP frame. */
  toc: boolean;
}

/** What the new tag says about the episode; frames of the old tag not named here are not kept. */
export interface Id3EpisodeTag {
  /** TIT2. */
  title: string;
  /** TALB, TPE1 and the front cover: the old tag's when not given. */
  album?: string;
  artist?: string;
  chapters: readonly Id3ChapterFrame[];
}

/** A CTOC frame lists at most 255 entries (its count is one byte); longer tables are split into child tables. */
const CTOC_MAX_ENTRIES = 255;
/** The ID3v2 element ids of the tables of contents; the chapters are `chp0`, `chp1`, ... in playing order. */
const TOP_LEVEL_TOC_ID = 'toc';

type Tags = NodeID3.Tags;

/**
 * The bytes of an ID3v2.3 tag for an episode: TIT2/TALB/TPE1, the front cover kept from `previousTag`, one CHAP frame
 * per chapter (TIT2, and WXXX and APIC when the chapter has a URL or image) and a top-level ordered CTOC listing the
 * chapters shown in the table of contents. Chapters starting at or after `durationSeconds` are left out (a player
 * could not seek there); ends are clamped to it.
 */
export function buildEpisodeId3Tag(
  tag: Id3EpisodeTag,
  durationSeconds: number,
  previousTag: Buffer | null,
): Buffer {
  const previous: Tags = previousTag ? NodeID3.read(previousTag, { noRaw: true }) : {};
  const endMs = Math.floor(durationSeconds * 1000);
  const playable = [...tag.chapters]
    .filter((chapter) => Math.round(chapter.startSeconds * 1000) < endMs)
    .sort((a, b) => a.startSeconds - b.startSeconds);
  const chapterFrames = playable.map((chapter, index) => {
    const startTimeMs = Math.max(0, Math.round(chapter.startSeconds * 1000));
    const next = playable[index + 1];
    const naturalEnd = chapter.endSeconds ?? next?.startSeconds ?? durationSeconds;
    const endTimeMs = Math.max(startTimeMs + 1, Math.min(endMs, Math.round(naturalEnd * 1000)));
    const subframes: Tags = { title: chapter.title };
    if (chapter.url) subframes.userDefinedUrl = [{ description: 'chapter url', url: chapter.url }];
    if (chapter.image) {
      subframes.image = {
        mime: chapter.image.mimeType,
        type: { id: 8, name: 'artist/performer' },
        description: chapter.title,
        imageBuffer: chapter.image.bytes,
      };
    }
    return { elementID: `chp${index}`, startTimeMs, endTimeMs, tags: subframes, toc: chapter.toc };
  });
  const tags: Tags = {
    title: tag.title,
    ...optional('album', tag.album ?? previous.album),
    ...optional('artist', tag.artist ?? previous.artist),
    ...(previous.image ? { image: previous.image } : {}),
  };
  if (chapterFrames.length > 0) {
    tags.chapter = chapterFrames.map(({ toc: _toc, ...frame }) => frame);
    tags.tableOfContents = tablesOfContents(
      chapterFrames.filter((frame) => frame.toc).map((frame) => frame.elementID),
    );
  }
  return NodeID3.create(tags);
}

/**
 * The top-level ordered table (node-id3 flags the first CTOC frame as top-level) and, past 255 entries, child tables
 * of 255 chapters each that it lists instead.
 */
function tablesOfContents(elementIds: string[]): NonNullable<Tags['tableOfContents']> {
  if (elementIds.length <= CTOC_MAX_ENTRIES) {
    return [{ elementID: TOP_LEVEL_TOC_ID, isOrdered: true, elements: elementIds }];
  }
  const children: NonNullable<Tags['tableOfContents']> = [];
  for (let start = 0; start < elementIds.length; start += CTOC_MAX_ENTRIES) {
    const elements = elementIds.slice(start, start + CTOC_MAX_ENTRIES);
    children.push({ elementID: `${TOP_LEVEL_TOC_ID}${children.length + 1}`, isOrdered: true, elements });
  }
  return [
    {
      elementID: TOP_LEVEL_TOC_ID,
      isOrdered: true,
      elements: children.map((child) => child.elementID),
    },
    ...children,
  ];
}

function optional<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value ? ({ [key]: value } as Record<K, string>) : {};
}
