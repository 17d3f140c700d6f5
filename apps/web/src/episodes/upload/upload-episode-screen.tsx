import { NotYetAvailable, ScreenFrame } from '../../shared/layout/screen-frame.js';
import { ListIcon } from '../../shared/icons/icons.js';

// Being built in this change; replaced by the screen itself.
export function UploadEpisodeScreen() {
  return (
    <ScreenFrame title="Upload Episode">
      <NotYetAvailable whatComesHere="Upload audio or video, fill in the episode details, then publish or schedule it." icon={<ListIcon size={28} />} />
    </ScreenFrame>
  );
}
