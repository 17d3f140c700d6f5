import { icon as playerIcon } from '../shared/icons/icons.js';

// The video player's control icons, drawn with the shared icon set's outline style.

export const PauseIcon = playerIcon(
  'PauseIcon',
  <>
    <rect x="6" y="4.5" width="4" height="15" rx="1" />
    <rect x="14" y="4.5" width="4" height="15" rx="1" />
  </>,
);

export const VolumeIcon = playerIcon(
  'VolumeIcon',
  <>
    <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z" />
    <path d="M15.5 9a4 4 0 0 1 0 6M18 6.5a7.5 7.5 0 0 1 0 11" />
  </>,
);

export const MutedIcon = playerIcon(
  'MutedIcon',
  <>
    <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z" />
    <path d="M16 9.5l5 5M21 9.5l-5 5" />
  </>,
);

export const FullscreenIcon = playerIcon(
  'FullscreenIcon',
  <path d="M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5" />,
);

export const ExitFullscreenIcon = playerIcon(
  'ExitFullscreenIcon',
  <path d="M9 4v5H4M20 9h-5V4M15 20v-5h5M4 15h5v5" />,
);

export const ScissorsIcon = playerIcon(
  'ScissorsIcon',
  <>
    <circle cx="6" cy="6.5" r="2.5" />
    <circle cx="6" cy="17.5" r="2.5" />
    <path d="M8 8l12 10M8 16L20 6" />
  </>,
);

export const DownloadIcon = playerIcon(
  'DownloadIcon',
  <>
    <path d="M12 4v12M7 11l5 5 5-5" />
    <path d="M4 16v2.5A1.5 1.5 0 0 0 5.5 20h13a1.5 1.5 0 0 0 1.5-1.5V16" />
  </>,
);

export const PhoneIcon = playerIcon(
  'PhoneIcon',
  <>
    <rect x="7" y="2.5" width="10" height="19" rx="2" />
    <path d="M11 18.5h2" />
  </>,
);

export const AudioOnlyIcon = playerIcon(
  'AudioOnlyIcon',
  <>
    <path d="M9 18V6l11-2v12" />
    <circle cx="6.5" cy="18" r="2.5" />
    <circle cx="17.5" cy="16" r="2.5" />
  </>,
);
