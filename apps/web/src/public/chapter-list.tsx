import type { PublicEpisode } from '@castbase/contracts';
import { Text, UnstyledButton } from '@mantine/core';
import { formatDuration } from '../shared/media-upload/upload-figures.js';
import classes from './public-pages.module.css';

type Chapter = PublicEpisode['chapters'][number];

/** The chapter playing at `seconds`: the last of `chapters` started by then. */
export function currentChapterId(chapters: readonly Chapter[], seconds: number): string | null {
  let current: Chapter | null = null;
  for (const chapter of chapters) {
    if (chapter.startTime <= seconds && (!current || chapter.startTime >= current.startTime))
      current = chapter;
  }
  return current?.id ?? null;
}

/** The table of contents (hidden chapters left out): each chapter seeks the player; the one playing is marked. */
export function ChapterList({
  chapters,
  currentTime,
  onSeek,
}: {
  chapters: readonly Chapter[];
  currentTime: number;
  onSeek: (seconds: number) => void;
}) {
  const listed = [...chapters].filter((chapter) => chapter.toc).sort((a, b) => a.startTime - b.startTime);
  // Within a hidden chapter, the listed one before it stays marked.
  const currentId = currentChapterId(listed, currentTime);
  return (
    <ol style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Chapters">
      {listed.map((chapter) => (
        <li key={chapter.id}>
          <UnstyledButton
            className={classes.chapter}
            onClick={() => onSeek(chapter.startTime)}
            aria-current={chapter.id === currentId ? 'true' : undefined}
          >
            <span className={classes.chapterTime}>{formatDuration(chapter.startTime)}</span>{' '}
            {chapter.image && <img src={chapter.image} alt="" className={classes.chapterImage} />}
            <Text component="span" fw="inherit" style={{ overflowWrap: 'anywhere' }}>
              {chapter.title}
            </Text>
          </UnstyledButton>
        </li>
      ))}
    </ol>
  );
}
