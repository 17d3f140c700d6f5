import type { ReactNode, SVGProps } from 'react';

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number | string };

/** Outline icons drawn on a 24px grid; they inherit the text colour and are hidden from assistive tech. */
export function icon(displayName: string, paths: ReactNode) {
  function Icon({ size = 20, strokeWidth = 1.8, ...rest }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...rest}
      >
        {paths}
      </svg>
    );
  }
  Icon.displayName = displayName;
  return Icon;
}

export const MicrophoneIcon = icon(
  'MicrophoneIcon',
  <>
    <rect x="9" y="3" width="6" height="11" rx="3" />
    <path d="M5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21M8.5 21h7" />
  </>,
);

export const ServerIcon = icon(
  'ServerIcon',
  <>
    <rect x="3.5" y="4" width="17" height="7" rx="2" />
    <rect x="3.5" y="13" width="17" height="7" rx="2" />
    <path d="M7.5 7.5h.01M7.5 16.5h.01M11 7.5h5.5M11 16.5h5.5" />
  </>,
);

export const SparklesIcon = icon(
  'SparklesIcon',
  <>
    <path d="M10 3.5l1.6 4.4L16 9.5l-4.4 1.6L10 15.5l-1.6-4.4L4 9.5l4.4-1.6z" />
    <path d="M17.5 14l.8 2.2 2.2.8-2.2.8-.8 2.2-.8-2.2-2.2-.8 2.2-.8z" />
  </>,
);

export const BroadcastIcon = icon(
  'BroadcastIcon',
  <>
    <circle cx="12" cy="12" r="2" />
    <path d="M8.2 15.8a5.4 5.4 0 0 1 0-7.6M15.8 8.2a5.4 5.4 0 0 1 0 7.6" />
    <path d="M5.3 18.7a9.5 9.5 0 0 1 0-13.4M18.7 5.3a9.5 9.5 0 0 1 0 13.4" />
  </>,
);

export const ChartBarIcon = icon(
  'ChartBarIcon',
  <>
    <path d="M4 20h16" />
    <rect x="5.5" y="11" width="3" height="6" rx="1" />
    <rect x="10.5" y="6" width="3" height="11" rx="1" />
    <rect x="15.5" y="13" width="3" height="4" rx="1" />
  </>,
);

export const CoinsIcon = icon(
  'CoinsIcon',
  <>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M14.8 9.2c-.5-.9-1.6-1.4-2.8-1.4-1.6 0-2.8.8-2.8 2s1.2 1.7 2.8 2.1 2.8.9 2.8 2.1-1.2 2-2.8 2c-1.2 0-2.3-.5-2.8-1.4M12 6.5v1.3M12 16.2v1.3" />
  </>,
);

export const ShieldIcon = icon(
  'ShieldIcon',
  <>
    <path d="M12 3l7.5 3v5.5c0 4.5-3.2 8.2-7.5 9.5-4.3-1.3-7.5-5-7.5-9.5V6z" />
    <path d="M9 12l2 2 4-4" />
  </>,
);

export const HomeIcon = icon(
  'HomeIcon',
  <>
    <path d="M4 10.5L12 4l8 6.5" />
    <path d="M6 9v10.5h12V9" />
    <path d="M10 19.5v-5h4v5" />
  </>,
);

export const ListIcon = icon(
  'ListIcon',
  <>
    <path d="M9 6.5h11M9 12h11M9 17.5h11" />
    <path d="M4.5 6.5h.01M4.5 12h.01M4.5 17.5h.01" />
  </>,
);

export const VideoIcon = icon(
  'VideoIcon',
  <>
    <rect x="3" y="6" width="13" height="12" rx="2" />
    <path d="M16 10.5l5-3v9l-5-3" />
  </>,
);

export const PodcastsIcon = icon(
  'PodcastsIcon',
  <>
    <rect x="4" y="4" width="7" height="7" rx="1.5" />
    <rect x="13" y="4" width="7" height="7" rx="1.5" />
    <rect x="4" y="13" width="7" height="7" rx="1.5" />
    <rect x="13" y="13" width="7" height="7" rx="1.5" />
  </>,
);

export const WandIcon = icon(
  'WandIcon',
  <>
    <path d="M4 20L15 9M13 7l2-2 4 4-2 2" />
    <path d="M7 3.5v2M6 4.5h2M19.5 14.5v2M18.5 15.5h2" />
  </>,
);

export const SettingsIcon = icon(
  'SettingsIcon',
  <>
    <path d="M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1" />
    <circle cx="15" cy="6" r="2" />
    <circle cx="9" cy="12" r="2" />
    <circle cx="17" cy="18" r="2" />
  </>,
);

export const LogoutIcon = icon(
  'LogoutIcon',
  <>
    <path d="M14 4H6.5A1.5 1.5 0 0 0 5 5.5v13A1.5 1.5 0 0 0 6.5 20H14" />
    <path d="M10 12h10M17 8.5l3.5 3.5-3.5 3.5" />
  </>,
);

export const PlusIcon = icon('PlusIcon', <path d="M12 5v14M5 12h14" />);

export const SelectorIcon = icon('SelectorIcon', <path d="M8 9.5l4-4 4 4M8 14.5l4 4 4-4" />);

export const CheckIcon = icon('CheckIcon', <path d="M5 12.5l4.5 4.5L19 7.5" />);

export const SunIcon = icon(
  'SunIcon',
  <>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2.5v2M12 19.5v2M2.5 12h2M19.5 12h2M5.3 5.3l1.4 1.4M17.3 17.3l1.4 1.4M5.3 18.7l1.4-1.4M17.3 6.7l1.4-1.4" />
  </>,
);

export const MoonIcon = icon('MoonIcon', <path d="M20 14.5A8.5 8.5 0 1 1 9.5 4a7 7 0 0 0 10.5 10.5z" />);

export const DeviceDesktopIcon = icon(
  'DeviceDesktopIcon',
  <>
    <rect x="3" y="4" width="18" height="12" rx="2" />
    <path d="M8 20h8M12 16v4" />
  </>,
);

export const AlertIcon = icon(
  'AlertIcon',
  <>
    <path d="M12 3.5L2.5 20h19z" />
    <path d="M12 10v4.5M12 17.5h.01" />
  </>,
);

export const ArrowRightIcon = icon('ArrowRightIcon', <path d="M5 12h14M13 6l6 6-6 6" />);

export const UploadIcon = icon(
  'UploadIcon',
  <>
    <path d="M12 16V4M7 9l5-5 5 5" />
    <path d="M4 16v2.5A1.5 1.5 0 0 0 5.5 20h13a1.5 1.5 0 0 0 1.5-1.5V16" />
  </>,
);

export const UserIcon = icon(
  'UserIcon',
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4.5 20a7.5 7.5 0 0 1 15 0" />
  </>,
);

export const ShareIcon = icon(
  'ShareIcon',
  <>
    <circle cx="6" cy="12" r="2.5" />
    <circle cx="18" cy="6" r="2.5" />
    <circle cx="18" cy="18" r="2.5" />
    <path d="M8.2 10.9l7.6-3.8M8.2 13.1l7.6 3.8" />
  </>,
);

export const PlayIcon = icon('PlayIcon', <path d="M7 4.5v15l12-7.5z" />);

export const CopyIcon = icon(
  'CopyIcon',
  <>
    <rect x="8.5" y="8.5" width="11.5" height="11.5" rx="2" />
    <path d="M15.5 8.5V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v7.5a2 2 0 0 0 2 2h2.5" />
  </>,
);

export const TrashIcon = icon(
  'TrashIcon',
  <>
    <path d="M4.5 7h15M9.5 7V4.5h5V7" />
    <path d="M6.5 7l1 13h9l1-13M10 11v5.5M14 11v5.5" />
  </>,
);

export const UsersIcon = icon(
  'UsersIcon',
  <>
    <circle cx="9" cy="8.5" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0" />
    <path d="M15.5 5.2a3.5 3.5 0 0 1 0 6.6M18 14.5a6.5 6.5 0 0 1 3.5 5.5" />
  </>,
);

export const LockIcon = icon(
  'LockIcon',
  <>
    <rect x="5" y="10.5" width="14" height="10" rx="2" />
    <path d="M8.5 10.5V7.5a3.5 3.5 0 0 1 7 0v3" />
  </>,
);

export const DotsIcon = icon('DotsIcon', <path d="M5.5 12h.01M12 12h.01M18.5 12h.01" strokeWidth={3.2} />);

export const PencilIcon = icon(
  'PencilIcon',
  <>
    <path d="M4 20h4L19.5 8.5a2.8 2.8 0 0 0-4-4L4 16z" />
    <path d="M13.5 6.5l4 4" />
  </>,
);

export const EyeIcon = icon(
  'EyeIcon',
  <>
    <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z" />
    <circle cx="12" cy="12" r="3" />
  </>,
);

export const EyeOffIcon = icon(
  'EyeOffIcon',
  <>
    <path d="M4 4l16 16" />
    <path d="M10 5.8A9.6 9.6 0 0 1 12 5.5c6 0 9.5 6.5 9.5 6.5a16 16 0 0 1-2.6 3.4M6.6 6.9C4 8.6 2.5 12 2.5 12S6 18.5 12 18.5a9 9 0 0 0 4.4-1.1" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
  </>,
);

export const CalendarIcon = icon(
  'CalendarIcon',
  <>
    <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
    <path d="M3.5 10h17M8 3v4M16 3v4" />
  </>,
);

export const CalendarOffIcon = icon(
  'CalendarOffIcon',
  <>
    <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
    <path d="M3.5 10h17M8 3v4M16 3v4M9.5 13l5 5M14.5 13l-5 5" />
  </>,
);

export const HistoryIcon = icon(
  'HistoryIcon',
  <>
    <path d="M3.5 12a8.5 8.5 0 1 0 2.5-6" />
    <path d="M3.5 4v4.5H8M12 8v4.5l3 2" />
  </>,
);

export const DownloadIcon = icon(
  'DownloadIcon',
  <>
    <path d="M12 4v12M7 11l5 5 5-5" />
    <path d="M4 16v2.5A1.5 1.5 0 0 0 5.5 20h13a1.5 1.5 0 0 0 1.5-1.5V16" />
  </>,
);

export const SendIcon = icon(
  'SendIcon',
  <>
    <path d="M20.5 3.5L10 14" />
    <path d="M20.5 3.5l-6.5 17-4-6.5-6.5-4z" />
  </>,
);

export const GridIcon = icon(
  'GridIcon',
  <>
    <rect x="4" y="4" width="7" height="7" rx="1" />
    <rect x="13" y="4" width="7" height="7" rx="1" />
    <rect x="4" y="13" width="7" height="7" rx="1" />
    <rect x="13" y="13" width="7" height="7" rx="1" />
  </>,
);

export const RowsIcon = icon(
  'RowsIcon',
  <>
    <rect x="4" y="4.5" width="16" height="6" rx="1.5" />
    <rect x="4" y="13.5" width="16" height="6" rx="1.5" />
  </>,
);

export const CompactListIcon = icon('CompactListIcon', <path d="M4 5h16M4 9.5h16M4 14h16M4 18.5h16" />);

export const SearchIcon = icon(
  'SearchIcon',
  <>
    <circle cx="10.5" cy="10.5" r="6.5" />
    <path d="M15.5 15.5L20 20" />
  </>,
);

export const ArrowUpIcon = icon('ArrowUpIcon', <path d="M12 19V5M6 11l6-6 6 6" />);

export const ArrowDownIcon = icon('ArrowDownIcon', <path d="M12 5v14M6 13l6 6 6-6" />);

export const CloseIcon = icon('CloseIcon', <path d="M6 6l12 12M18 6L6 18" />);

export const LinkIcon = icon(
  'LinkIcon',
  <>
    <path d="M10 14a4 4 0 0 0 5.7 0l3.1-3.1a4 4 0 0 0-5.7-5.7L11.6 6.7" />
    <path d="M14 10a4 4 0 0 0-5.7 0l-3.1 3.1a4 4 0 0 0 5.7 5.7l1.5-1.5" />
  </>,
);

export const PhotoIcon = icon(
  'PhotoIcon',
  <>
    <rect x="3.5" y="4.5" width="17" height="15" rx="2" />
    <circle cx="9" cy="9.5" r="1.5" />
    <path d="M20.5 15.5l-4.5-4.5-8.5 8.5" />
  </>,
);

export const FileIcon = icon(
  'FileIcon',
  <>
    <path d="M14 3.5H7A1.5 1.5 0 0 0 5.5 5v14A1.5 1.5 0 0 0 7 20.5h10a1.5 1.5 0 0 0 1.5-1.5V8z" />
    <path d="M14 3.5V8h4.5M9 13h6M9 16.5h6" />
  </>,
);
