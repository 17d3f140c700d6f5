import { Button, Group, Menu, Stack, Text } from '@mantine/core';
import { useRef } from 'react';
import { DownloadIcon, FileIcon, PlusIcon, SparklesIcon, UploadIcon } from '../../../shared/icons/icons.js';

interface ChaptersToolbarProps {
  readOnly: boolean;
  chapterCount: number;
  /** At the most chapters an episode holds: Add is off. */
  full: boolean;
  durationSeconds: number;
  onAdd: () => void;
  onAutoGenerate: () => void;
  onImport: (file: File) => void;
  onExport: () => void;
}

const ICON = 18;

/**
 * Add chapter, Generate (auto, and the AI option's place) and JSON file (Import JSON, Export JSON); a viewer gets
 * Export JSON only.
 */
export function ChaptersToolbar({
  readOnly,
  chapterCount,
  full,
  durationSeconds,
  onAdd,
  onAutoGenerate,
  onImport,
  onExport,
}: ChaptersToolbarProps) {
  // Outside the menu, which unmounts its items when it closes: the chosen file still arrives.
  const fileInput = useRef<HTMLInputElement>(null);
  if (readOnly) {
    return chapterCount > 0 ? (
      <Group>
        <Button variant="default" leftSection={<DownloadIcon size={ICON} />} onClick={onExport}>
          Export JSON
        </Button>
      </Group>
    ) : null;
  }
  return (
    <Group gap="sm">
      <Button leftSection={<PlusIcon size={ICON} />} disabled={full} onClick={onAdd}>
        Add chapter
      </Button>
      <Menu position="bottom-start" shadow="md" width={300} withinPortal>
        <Menu.Target>
          <Button variant="default" leftSection={<SparklesIcon size={ICON} />}>
            Generate
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item disabled={durationSeconds === 0} onClick={onAutoGenerate}>
            <MenuChoice
              label="Auto-generate"
              description={
                durationSeconds > 0
                  ? 'A chapter every 5 minutes over the whole episode'
                  : 'Needs the episode’s audio or video, to know how long it is'
              }
            />
          </Menu.Item>
          <Menu.Item disabled>
            <MenuChoice
              label="Generate with AI"
              description="Needs the AI assistant, which is not available yet"
            />
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Menu position="bottom-start" shadow="md" width={300} withinPortal>
        <Menu.Target>
          <Button variant="default" leftSection={<FileIcon size={ICON} />}>
            JSON file
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<UploadIcon size={ICON} />} onClick={() => fileInput.current?.click()}>
            <MenuChoice
              label="Import JSON"
              description="Chapters from a JSON chapters file (version 1.2.0)"
            />
          </Menu.Item>
          <Menu.Item
            leftSection={<DownloadIcon size={ICON} />}
            disabled={chapterCount === 0}
            onClick={onExport}
          >
            <MenuChoice
              label="Export JSON"
              description={
                chapterCount > 0 ? 'Download the chapters as a JSON chapters file' : 'No chapters yet'
              }
            />
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <input
        ref={fileInput}
        type="file"
        accept="application/json,.json"
        hidden
        aria-label="JSON chapters file to import"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          // Cleared, so choosing the same file again imports it again.
          event.currentTarget.value = '';
          if (file) onImport(file);
        }}
      />
    </Group>
  );
}

function MenuChoice({ label, description }: { label: string; description: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Text size="xs" c="dimmed">
        {description}
      </Text>
    </Stack>
  );
}
