import type { Device } from '../devices.js';
import type { AppKind } from '../podcast-apps.js';

/**
 * Real User-Agents of podcast apps, players and browsers, with what attribution should make of them. They are
 * taken from the apps' own documentation or source where those say it (Overcast's podcaster page, AntennaPod's
 * client configuration), from the examples of the OPAWG user-agents lists, from articles that quote them
 * (livewire.io on Apple Podcasts after iOS 16.4) and, for browsers, the formats the vendors publish.
 */
export interface AppUserAgentExample {
  userAgent: string;
  app: string;
  kind: AppKind;
  browser?: string;
  device: Device;
  os: string | null;
  /** Automated downloads by an app's own service, which the IAB rules keep out of the counts. */
  filteredAs?: 'bot';
}

const example = (
  userAgent: string,
  app: string,
  kind: AppKind,
  device: Device,
  os: string | null,
  filteredAs?: 'bot',
): AppUserAgentExample => ({ userAgent, app, kind, device, os, ...(filteredAs ? { filteredAs } : {}) });

const browser = (userAgent: string, name: string, device: Device, os: string): AppUserAgentExample => ({
  userAgent,
  app: 'Web Browser',
  kind: 'browser',
  browser: name,
  device,
  os,
});

// One example per line, as a table.
// prettier-ignore
export const APP_USER_AGENTS: readonly AppUserAgentExample[] = [
  example('atc/1.0 watchOS/7.0.2 model/Watch5,10 hwp/t8006 build/18R402 (6; dt:233)', 'Apple Podcasts', 'app', 'mobile', 'watchOS', 'bot'),
  example('AirPodcasts/4022.700.8 CFNetwork/1410.0.3 Darwin/22.6.0', 'Apple Podcasts', 'smart-speaker', 'smart speaker', 'audioOS'),
  example('Podcasts/4022.610.1 CFNetwork/1408.0.4 Darwin/22.5.0', 'Apple Podcasts', 'app', 'mobile', 'iOS'),
  example('Podcasts/1410.53 CFNetwork/1111 Darwin/19.0.0 (x86_64)', 'Apple Podcasts', 'app', 'desktop', 'macOS'),
  example('Podcasty/1709.2.2 CFNetwork/1390 Darwin/22.0.0', 'Apple Podcasts', 'app', 'mobile', 'iOS'),
  example('ポッドキャスト/1709.2.2 CFNetwork/1390 Darwin/22.0.0', 'Apple Podcasts', 'app', 'mobile', 'iOS'),
  example('%E6%92%AD%E5%AE%A2/1660.5 CFNetwork/1335.0.3 Darwin/21.6.0', 'Apple Podcasts', 'app', 'mobile', 'iOS'),
  example('AppleCoreMedia/1.0.0.17J586 (Apple TV; U; CPU OS 13_0 like Mac OS X; en_us)', 'Apple TV', 'tv', 'tv', 'tvOS'),
  example('AppleCoreMedia/1.0.0.16G78 (HomePod; U; CPU OS 12_4 like Mac OS X; en_us)', 'Apple HomePod', 'smart-speaker', 'smart speaker', 'audioOS'),
  example('AppleCoreMedia/1.0.0.15G77 (iPhone; U; CPU OS 11_4_1 like Mac OS X; en_us)', 'AppleCoreMedia', 'other', 'mobile', 'iOS'),
  example('AppleCoreMedia/1.0.0.17A860 (iPad; U; CPU OS 13_1_2 like Mac OS X; en_us)', 'AppleCoreMedia', 'other', 'tablet', 'iOS'),
  example('AppleCoreMedia/1.0.0.19A583 (Macintosh; U; Intel Mac OS X 10_15; en_us)', 'AppleCoreMedia', 'other', 'desktop', 'macOS'),
  example('Spotify/8.7.10 iOS/15.3.1 (iPhone13,2)', 'Spotify', 'app', 'mobile', 'iOS'),
  example('Spotify-Lite: Spotify-Lite/0.13.48.96 Android/22 (SM-G531H)', 'Spotify', 'app', 'mobile', 'Android'),
  example('Spotify/1.0', 'Spotify', 'app', 'unknown', null, 'bot'),
  example('Overcast/3.0 (+http://overcast.fm/; iOS podcast app)', 'Overcast', 'app', 'mobile', 'iOS'),
  example('Overcast (+http://overcast.fm/; Apple Watch podcast app)', 'Overcast', 'app', 'mobile', 'watchOS'),
  example('Overcast/1.0 Podcast Sync (123 subscribers; feed-id=456789; +http://overcast.fm/)', 'Overcast', 'app', 'unknown', null, 'bot'),
  example('Pocket Casts', 'Pocket Casts', 'app', 'unknown', null),
  example('Pocket%20Casts/7.96.0.4 CFNetwork/3826.600.41 Darwin/24.6.0', 'Pocket Casts', 'app', 'mobile', 'iOS'),
  example('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) PocketCasts/2.2.0 Chrome/144.0.7559.220 Electron/40.6.1 Safari/537.36', 'Pocket Casts', 'app', 'desktop', 'macOS'),
  example('PocketCasts/1.0 (Pocket Casts Feed Parser; +http://pocketcasts.com/)', 'Pocket Casts', 'app', 'unknown', null, 'bot'),
  example('Castro 2020.14/1287', 'Castro', 'app', 'unknown', null),
  example('Castro/1024 CFNetwork/955.1.2 Darwin/18.0.0', 'Castro', 'app', 'mobile', 'iOS'),
  example('PodcastAddict/v5 (https://podcastaddict.com/; Android podcast app)', 'Podcast Addict', 'app', 'mobile', 'Android'),
  example('PodcastAddict/v2 - Dalvik/2.1.0 (Linux; U; Android 9; SM-N950U Build/PPR1.180610.011)', 'Podcast Addict', 'app', 'mobile', 'Android'),
  example('AntennaPod/3.4.0', 'AntennaPod', 'app', 'unknown', null),
  example('de.danoeh.antennapod/1.7.3b (Linux;Android 8.0.0) ExoPlayerLib/2.9.3', 'AntennaPod', 'app', 'mobile', 'Android'),
  example('Podverse/Android Mobile App', 'Podverse', 'app', 'mobile', 'Android'),
  example('Podverse/iOS Mobile App', 'Podverse', 'app', 'mobile', 'iOS'),
  example('Fountain/0.3.13 android https://www.fountain.fm', 'Fountain', 'app', 'mobile', 'Android'),
  example('fountainapp/565 CFNetwork/1399 Darwin/22.1.0', 'Fountain', 'app', 'mobile', 'iOS'),
  example('com.google.android.apps.youtube.music/62354340 (Linux; U; Android 14; en_US; Pixel 7 Pro; Build/UP1A.231105.002; Cronet/114.0.5735.84)', 'YouTube Music', 'app', 'mobile', 'Android'),
  example('YouTubeMusic/20231020.1.1 CFNetwork/1474 Darwin/23.0.0', 'YouTube Music', 'app', 'mobile', 'iOS'),
  example('AmazonMusic/9.16.1 iPhone9,1 CFNetwork/1128.0.1 Darwin/19.6.0', 'Amazon Music', 'app', 'mobile', 'iOS'),
  example('AmazonMusic/16.17.0 Dalvik/2.1.0 (Linux; U; Android 6.0.1; vivo 1610 Build/MMB29M)', 'Amazon Music', 'app', 'mobile', 'Android'),
  example('Alexa Mobile Voice/2.2.2768.0 (Linux;Android 7.0) ExoPlayerLib/2.2.0', 'Alexa', 'app', 'mobile', 'Android'),
  example('AlexaMediaPlayer/vizzini.locked.38.0 (Linux;Android 5.1.1) ExoPlayerLib/1.5.9', 'Alexa', 'smart-speaker', 'smart speaker', 'Android'),
  example('Echo/1.0(APNG)', 'Alexa', 'smart-speaker', 'smart speaker', null),
  example('Amazon;Echo_Dot;27d4dfe427b34d57995b463e5d63198d;;tpapi;3.199.422', 'Alexa', 'smart-speaker', 'smart speaker', null),
  example('GooglePodcasts/2.0.10 iPhone/14.6 hw/iPhone12_1', 'Google Podcasts', 'app', 'mobile', 'iOS'),
  example('GSA/13.38.11.26.arm64', 'Google Podcasts', 'app', 'unknown', null),
  example('Mozilla/5.0 (X11; Linux aarch64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/90.0.4430.225 Safari/537.36 CrKey/1.56.500000 DeviceType/SmartSpeaker', 'Google Home', 'smart-speaker', 'smart speaker', 'Chromecast SmartSpeaker'),
  example('Mozilla/5.0 (Fuchsia) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/128.0.0.0 Safari/537.36 CrKey/1.56.500000', 'Google Nest Hub', 'smart-speaker', 'smart speaker', 'Chromecast Fuchsia'),
  example('Mozilla/5.0 (CrKey armv7l 1.5.16041) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/31.0.1650.0 Safari/537.36', 'Chromecast', 'tv', 'tv', null),
  example('CastBox/8.2.6-191015245 (Linux;Android 10) ExoPlayerLib/2.10.4', 'Castbox', 'app', 'mobile', 'Android'),
  example('Player%20FM/588 CFNetwork/1121.2.2 Darwin/19.2.0', 'Player FM', 'app', 'mobile', 'iOS'),
  example('Podbean/Android App 8.1.5 (http://podbean.com),4f6852f59091d32475ef75a53325a4fe', 'Podbean', 'app', 'mobile', 'Android'),
  example('iHeartRadio/9.20.0 (iPhone; iOS 13.4.1; iPhone11,8)', 'iHeartRadio', 'app', 'mobile', 'iOS'),
  example('Deezer/6.2.2.80 (Android; 9; Mobile; fr) samsung SM-G950F', 'Deezer', 'app', 'mobile', 'Android'),
  example('PodcastRepublic/18.0 (Linux; U; Android 10;blueline/QP1A.190711.020.C3)', 'Podcast Republic', 'app', 'mobile', 'Android'),
  example('Stitcher/28420 CFNetwork/609.1.4 Darwin/13.0.0', 'Stitcher', 'app', 'mobile', 'iOS'),
  example('TuneIn Radio/24.2 (Linux;Android 10) ExoPlayerLib/2.11.4', 'TuneIn', 'app', 'mobile', 'Android'),
  example('Linux UPnP/1.0 Sonos/70.3-35220 (ZPS1)', 'Sonos', 'smart-speaker', 'smart speaker', 'Linux'),
  example('Breaker/iOS (https://breaker.audio)', 'Breaker', 'app', 'mobile', 'iOS'),
  example('Breaker/515 CFNetwork/893.10 Darwin/17.3.0', 'Breaker', 'app', 'mobile', 'iOS'),
  example('Downcast/2.9.57 (iPad; iOS 14.2; Scale/2.00)', 'Downcast', 'app', 'tablet', 'iOS'),
  example('Downcast/2.9.57 (Mac OS X Version 10.15.7 (Build 19H15))', 'Downcast', 'app', 'desktop', 'macOS'),
  example('PodcastGuru 2.0.2-beta3', 'Podcast Guru', 'app', 'unknown', null),
  example('Goodpods.iOS / 2.2.2', 'Goodpods', 'app', 'mobile', 'iOS'),
  example('Goodpods/3 CFNetwork/1128.0.1 Darwin/19.6.0', 'Goodpods', 'app', 'mobile', 'iOS'),
  example('Snipd/90 CFNetwork/1329 Darwin/21.3.0', 'Snipd', 'app', 'mobile', 'iOS'),
  example('Castamatic/5.1.4 (com.gunpmedia.Castamatic; build:3136; iOS 13.1.3) Alamofire/4.9.0', 'Castamatic', 'app', 'mobile', 'iOS'),
  example('gPodder/3.10.21 (+http://gpodder.org/) Linux', 'gPodder', 'app', 'desktop', 'Linux'),
  browser('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36', 'Chrome', 'desktop', 'Windows'),
  browser('Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36', 'Chrome', 'mobile', 'Android'),
  browser('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1', 'Safari', 'mobile', 'iOS'),
  browser('Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1', 'Safari', 'tablet', 'iOS'),
  browser('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15', 'Safari', 'desktop', 'macOS'),
  browser('Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0', 'Firefox', 'desktop', 'Linux'),
  browser('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51', 'Edge', 'desktop', 'Windows'),
];

/** Players no table row names, which still count (a listener with an app that sends the system's agent). */
// prettier-ignore
export const UNNAMED_PLAYER_USER_AGENTS: readonly AppUserAgentExample[] = [
  example('Dalvik/2.1.0 (Linux; U; Android 11; SM-A515F Build/RP1A.200720.012)', 'Unknown', 'other', 'mobile', 'Android'),
  example('Dalvik/2.1.0 (Linux; U; Android 9; SHIELD Android TV Build/PPR1.180610.011)', 'Unknown', 'other', 'tv', 'Android'),
  example('just_audio/1.0.68 (Linux;Android 12) ExoPlayerLib/2.18.7', 'Unknown', 'other', 'mobile', 'Android'),
];
