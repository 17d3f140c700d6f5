import { NotYetAvailable, ScreenFrame } from '../shared/layout/screen-frame.js';
import { ListIcon } from '../shared/icons/icons.js';

// Being built in this change; replaced by the screen itself.
export function VideosScreen() {
  return (
    <ScreenFrame title="Videos">
      <NotYetAvailable whatComesHere="Video episodes of this podcast." icon={<ListIcon size={28} />} />
    </ScreenFrame>
  );
}
