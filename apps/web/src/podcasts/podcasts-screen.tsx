import { NotYetAvailable, ScreenFrame } from '../shared/layout/screen-frame.js';
import { ListIcon } from '../shared/icons/icons.js';

// Being built in this change; replaced by the screen itself.
export function PodcastsScreen() {
  return (
    <ScreenFrame title="Podcasts">
      <NotYetAvailable whatComesHere="All your podcasts and their contributors." icon={<ListIcon size={28} />} />
    </ScreenFrame>
  );
}
