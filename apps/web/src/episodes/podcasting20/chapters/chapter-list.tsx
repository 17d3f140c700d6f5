import { formatTimecode, type Chapter } from '@castbase/contracts';
import { ActionIcon, Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { AlertIcon, LinkIcon, PencilIcon, PhotoIcon, TrashIcon } from '../../../shared/icons/icons.js';
import listClasses from '../timed-list.module.css';
import classes from './chapters.module.css';

interface ChapterListProps {
  /** In playing order. */
  chapters: readonly Chapter[];
  /** The broken rules of the list, by chapter id. */
  problems: ReadonlyMap<string, readonly string[]>;
  readOnly: boolean;
  onEdit: (chapter: Chapter) => void;
  onDelete: (chapter: Chapter) => void;
}

/** The time a chapter covers as the list shows it: its start, and its end when it has one. */
export function chapterTimes(chapter: Chapter): string {
  const start = formatTimecode(chapter.startTime);
  return chapter.endTime == null ? start : `${start} – ${formatTimecode(chapter.endTime)}`;
}

/** The chapters in playing order: times, title, what they carry, and Edit and Delete unless read-only. */
export function ChapterList({ chapters, problems, readOnly, onEdit, onDelete }: ChapterListProps) {
  return (
    <Stack component="ol" gap="xs" className={listClasses.list} aria-label="Chapters">
      {chapters.map((chapter) => {
        const found = problems.get(chapter.id) ?? [];
        return (
          <Paper
            component="li"
            key={chapter.id}
            withBorder
            radius="md"
            px="md"
            py="xs"
            className={listClasses.item}
          >
            <Group gap="md" wrap="nowrap" justify="space-between">
              <Group gap="md" wrap="wrap" className={listClasses.main}>
                <Text size="sm" className={listClasses.times}>
                  {chapterTimes(chapter)}
                </Text>
                <Text fw={600} className={listClasses.title}>
                  {chapter.title}
                </Text>
                <Group gap={6} wrap="nowrap">
                  {!chapter.toc && (
                    <Badge variant="light" color="gray" radius="sm">
                      Hidden
                    </Badge>
                  )}
                  {chapter.url && (
                    <Anchor
                      href={chapter.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className={classes.indicator}
                      aria-label={`Link of ${chapter.title} (opens in a new tab)`}
                      title={chapter.url}
                    >
                      <LinkIcon size={18} />
                    </Anchor>
                  )}
                  {chapter.image && (
                    <Anchor
                      href={chapter.image}
                      target="_blank"
                      rel="noopener noreferrer"
                      className={classes.indicator}
                      aria-label={`Image of ${chapter.title} (opens in a new tab)`}
                      title={chapter.image}
                    >
                      <PhotoIcon size={18} />
                    </Anchor>
                  )}
                </Group>
              </Group>
              {!readOnly && (
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size={44}
                    aria-label={`Edit ${chapter.title}`}
                    onClick={() => onEdit(chapter)}
                  >
                    <PencilIcon size={18} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size={44}
                    aria-label={`Delete ${chapter.title}`}
                    onClick={() => onDelete(chapter)}
                  >
                    <TrashIcon size={18} />
                  </ActionIcon>
                </Group>
              )}
            </Group>
            {found.map((message) => (
              <Group key={message} gap={6} wrap="nowrap" c="red" mt={4}>
                <AlertIcon size={16} />
                <Text size="sm" c="red">
                  {message}
                </Text>
              </Group>
            ))}
          </Paper>
        );
      })}
    </Stack>
  );
}
