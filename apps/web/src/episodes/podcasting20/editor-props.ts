import type { Podcasting20Fields } from '@castbase/contracts';

/** What every Podcasting 2.0 editor is given: its field of the form, and what it needs to know of the episode. */
export interface Podcasting20EditorProps<Field extends keyof Podcasting20Fields> {
  value: Podcasting20Fields[Field];
  onChange: (next: Podcasting20Fields[Field]) => void;
  /** Hides every editing control (a viewer, or a screen that only shows). */
  readOnly: boolean;
  /** Rounded seconds of the episode's audio or video; 0 while it has none. */
  durationSeconds: number;
  /** The episode's media URL (for previews and detection), or null. */
  mediaUrl: string | null;
  podcastId: string;
  /** The saved episode's id; null on the upload screen before the first save. */
  episodeId: string | null;
}
