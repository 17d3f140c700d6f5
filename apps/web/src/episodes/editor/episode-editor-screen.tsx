import { NotYetAvailable, ScreenFrame } from '../../shared/layout/screen-frame.js';
import { ListIcon } from '../../shared/icons/icons.js';

// Being built in this change; replaced by the screen itself.
export function EpisodeEditorScreen() {
  return (
    <ScreenFrame title="Edit Episode">
      <NotYetAvailable whatComesHere="The episode editor, with preview and version history." icon={<ListIcon size={28} />} />
    </ScreenFrame>
  );
}
