export { subscribersFromUserAgent, type AggregatorSubscribers } from './aggregator-subscribers.js';
export {
  Attribution,
  ATTRIBUTION_VERSION,
  attributionVersionFor,
  type AttributionOptions,
  type AttributionTables,
  type RequestAttribution,
  type UserAgentAttribution,
} from './attribution.js';
export {
  isFilteredUserAgent,
  PODCAST_BOT_RULES,
  TOOL_RULES,
  type FilterReason,
  type FilterRule,
  type UserAgentFilter,
} from './bots.js';
export { bundledCountryDatabasePath, CountryLookup, countryName } from './countries.js';
export { deviceOf, type Device, type DeviceAndOs } from './devices.js';
export { canonicalAddress, listenerAddress, listenerAddressOf } from './listener-address.js';
export {
  findPodcastApp,
  identifyApp,
  PODCAST_APPS,
  UNKNOWN_APP,
  WEB_BROWSER_APP,
  type AppKind,
  type IdentifiedApp,
  type PodcastApp,
} from './podcast-apps.js';
