import { NotYetAvailable, ScreenFrame } from '../../shared/layout/screen-frame.js';
import { ListIcon } from '../../shared/icons/icons.js';

// Being built in this change; replaced by the screen itself.
export function EpisodePreviewScreen() {
  return (
    <ScreenFrame title="Episode Preview">
      <NotYetAvailable whatComesHere="A preview of the episode as listeners will see it." icon={<ListIcon size={28} />} />
    </ScreenFrame>
  );
}
