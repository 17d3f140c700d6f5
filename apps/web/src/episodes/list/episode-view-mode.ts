import { useLocalStorage } from '@mantine/hooks';

export const EPISODE_VIEW_MODES = ['list', 'grid', 'compact'] as const;
export type EpisodeViewMode = (typeof EPISODE_VIEW_MODES)[number];

/** The device keeps the view chosen last (list by default). */
const VIEW_MODE_STORAGE_KEY = 'castbase.episodeView';

export function useEpisodeViewMode() {
  return useLocalStorage<EpisodeViewMode>({
    key: VIEW_MODE_STORAGE_KEY,
    defaultValue: 'list',
    getInitialValueInEffect: false,
    deserialize: (stored) => EPISODE_VIEW_MODES.find((mode) => mode === stored) ?? 'list',
    serialize: (mode) => mode,
  });
}
