import type { AnalyticsDevice } from '@castbase/contracts';
import type { ComponentType } from 'react';
import { DeviceDesktopIcon, icon, type IconProps } from '../../shared/icons/icons.js';

// Icons the analytics screens need beyond the app's shared set, drawn the same way (24px grid, outline, hidden from
// assistive technology): one per device kind, Refresh, Back, a medal, a globe and a clock.

export const DeviceMobileIcon = icon(
  'DeviceMobileIcon',
  <>
    <rect x="7" y="3" width="10" height="18" rx="2" />
    <path d="M11 17.5h2" />
  </>,
);

export const DeviceTabletIcon = icon(
  'DeviceTabletIcon',
  <>
    <rect x="4.5" y="3" width="15" height="18" rx="2" />
    <path d="M11 17.5h2" />
  </>,
);

export const SmartSpeakerIcon = icon(
  'SmartSpeakerIcon',
  <>
    <rect x="6" y="3" width="12" height="18" rx="3" />
    <circle cx="12" cy="14" r="3" />
    <path d="M12 7h.01" />
  </>,
);

export const TvIcon = icon(
  'TvIcon',
  <>
    <rect x="3" y="7" width="18" height="12" rx="2" />
    <path d="M8 3l4 4 4-4M8 21h8" />
  </>,
);

export const QuestionIcon = icon(
  'QuestionIcon',
  <>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M9.6 9.6a2.5 2.5 0 1 1 3.4 2.3c-.6.3-1 .8-1 1.5v.6M12 16.8h.01" />
  </>,
);

export const RefreshIcon = icon(
  'RefreshIcon',
  <>
    <path d="M19.5 12A7.5 7.5 0 1 1 17 6.4" />
    <path d="M19.5 4v4.5H15" />
  </>,
);

export const ArrowLeftIcon = icon('ArrowLeftIcon', <path d="M19 12H5M11 6l-6 6 6 6" />);

export const MedalIcon = icon(
  'MedalIcon',
  <>
    <path d="M8.5 3h-3l3.5 7M15.5 3h3L15 10" />
    <circle cx="12" cy="15" r="5.5" />
    <path d="M12 12.5v5" />
  </>,
);

export const GlobeIcon = icon(
  'GlobeIcon',
  <>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M3.5 12h17M12 3.5c2.3 2.4 3.4 5.2 3.4 8.5s-1.1 6.1-3.4 8.5c-2.3-2.4-3.4-5.2-3.4-8.5S9.7 5.9 12 3.5z" />
  </>,
);

export const ClockIcon = icon(
  'ClockIcon',
  <>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5V12l3 2" />
  </>,
);

export const HeadphonesIcon = icon(
  'HeadphonesIcon',
  <>
    <path d="M4 15v-3a8 8 0 0 1 16 0v3" />
    <rect x="3.5" y="14" width="4" height="6" rx="1.5" />
    <rect x="16.5" y="14" width="4" height="6" rx="1.5" />
  </>,
);

export const TargetIcon = icon(
  'TargetIcon',
  <>
    <circle cx="12" cy="12" r="8.5" />
    <circle cx="12" cy="12" r="4.5" />
    <path d="M12 12h.01" />
  </>,
);

/** The Devices tab's icon for each device kind (spec 3 §2.2). */
export const deviceIcons: Record<AnalyticsDevice, ComponentType<IconProps>> = {
  mobile: DeviceMobileIcon,
  desktop: DeviceDesktopIcon,
  tablet: DeviceTabletIcon,
  'smart speaker': SmartSpeakerIcon,
  tv: TvIcon,
  unknown: QuestionIcon,
};
