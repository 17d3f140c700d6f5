import { UAParser } from 'ua-parser-js';
import { OSName } from 'ua-parser-js/enums';
import { identifyApp, type IdentifiedApp } from './podcast-apps.js';

/** The device classes of spec 3's Devices tab (the same strings as the analytics contracts' device list). */
export type Device = 'mobile' | 'desktop' | 'tablet' | 'smart speaker' | 'tv' | 'unknown';

export interface DeviceAndOs {
  device: Device;
  /** The operating system's name as ua-parser-js spells it ('iOS', 'Android', 'macOS', 'Windows', …), or null. */
  os: string | null;
}

/** ua-parser-js's OS names by lower case, to put 'android' (as some apps write it) back to 'Android'. */
const OS_NAMES = new Map(Object.values(OSName).map((name) => [name.toLowerCase(), name]));

const DESKTOP_SYSTEMS = new Set([
  'Windows',
  'macOS',
  'Linux',
  'Chrome OS',
  'Chromium OS',
  'Ubuntu',
  'Debian',
  'Fedora',
  'FreeBSD',
  'OpenBSD',
  'NetBSD',
]);

/**
 * What ua-parser-js does not read, written from the same public lists as the app table:
 * - Apple's networking stack ends its agent with the CPU on a Mac ('… CFNetwork/1111 Darwin/19.0.0 (x86_64)' or
 *   '(arm64)'), and without it on iPhone and iPad, which ua-parser-js reads as iOS throughout;
 * - Apple TV and HomePod stream with AppleCoreMedia and name the device, which ua-parser-js reads as iOS too;
 * - podcast apps that name their platform in words ('iOS podcast app', 'Apple Watch podcast app', 'android').
 */
const MAC_CFNETWORK = /\bCFNetwork\/[\d.]+ Darwin\/[\d.]+ \((?:x86_64|arm64)\)/;
const APPLE_TV = /\(Apple TV;/;
const HOMEPOD = /\(HomePod;|^AirPodcasts\//;
const WATCH_WORDS = /\bwatchOS\b|\bApple Watch\b/;
const IOS_WORDS = /\biOS\b|\biPhone\b|\biPad\b/;
const IPAD_WORDS = /\biPad\b/;
const ANDROID_WORDS = /\bandroid\b/i;

function osFrom(userAgent: string, parsedOs: string | undefined): string | null {
  if (MAC_CFNETWORK.test(userAgent)) return 'macOS';
  if (APPLE_TV.test(userAgent)) return 'tvOS';
  if (HOMEPOD.test(userAgent)) return 'audioOS';
  if (parsedOs) return OS_NAMES.get(parsedOs.toLowerCase()) ?? parsedOs;
  if (WATCH_WORDS.test(userAgent)) return 'watchOS';
  if (IOS_WORDS.test(userAgent)) return 'iOS';
  if (ANDROID_WORDS.test(userAgent)) return 'Android';
  return null;
}

/** ua-parser-js's device types that say the class; a watch is the listener's own portable device, as a phone is. */
const DEVICE_TYPES = new Map<string, Device>([
  ['mobile', 'mobile'],
  ['tablet', 'tablet'],
  ['smarttv', 'tv'],
  ['console', 'tv'],
  ['wearable', 'mobile'],
]);

/** Without a device type from ua-parser-js, the system says it: phones and watches, or computers. */
function deviceFromOs(userAgent: string, os: string | null): Device {
  if (os === null) return 'unknown';
  if (os === 'iOS') return IPAD_WORDS.test(userAgent) ? 'tablet' : 'mobile';
  if (os === 'Android' || os === 'watchOS') return 'mobile';
  if (DESKTOP_SYSTEMS.has(os)) return 'desktop';
  return 'unknown';
}

/**
 * The device class and operating system of a request. Smart speakers and TVs are known from the app table first
 * (Alexa, Sonos, Google Home, HomePod, Apple TV, Chromecast), since their agents rarely say what they are; then
 * ua-parser-js's device type (Android TV and Fire TV are its 'smarttv'); then the system. An iPhone and an iPad
 * send the same CFNetwork agent from apps, so such requests count as mobile, as the OPAWG devices list does.
 * Pass the app when it is known already, to identify it once.
 */
export function deviceOf(userAgent: string | undefined, app?: IdentifiedApp): DeviceAndOs {
  const userAgentText = userAgent?.trim() ?? '';
  if (userAgentText === '') return { device: 'unknown', os: null };
  const parsed = new UAParser(userAgentText).getResult();
  const os = osFrom(userAgentText, parsed.os.name);
  const { kind } = app ?? identifyApp(userAgentText);
  if (kind === 'smart-speaker') return { device: 'smart speaker', os };
  if (kind === 'tv') return { device: 'tv', os };
  const byType = parsed.device.type === undefined ? undefined : DEVICE_TYPES.get(parsed.device.type);
  return { device: byType ?? deviceFromOs(userAgentText, os), os };
}
