import { NotYetAvailable, ScreenFrame } from '../shared/layout/screen-frame.js';
import { ListIcon } from '../shared/icons/icons.js';

// Being built in this change; replaced by the screen itself.
export function DashboardOverviewScreen() {
  return (
    <ScreenFrame title="Overview">
      <NotYetAvailable whatComesHere="A summary of this podcast — recent episodes, plays and quick actions." icon={<ListIcon size={28} />} />
    </ScreenFrame>
  );
}
