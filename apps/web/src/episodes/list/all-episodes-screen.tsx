import { NotYetAvailable, ScreenFrame } from '../../shared/layout/screen-frame.js';
import { ListIcon } from '../../shared/icons/icons.js';

// Being built in this change; replaced by the screen itself.
export function AllEpisodesScreen() {
  return (
    <ScreenFrame title="Episodes">
      <NotYetAvailable whatComesHere="Every episode of this podcast — drafts, scheduled and published." icon={<ListIcon size={28} />} />
    </ScreenFrame>
  );
}
