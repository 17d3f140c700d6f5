import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import {
  COLOR_SCHEME_STORAGE_KEY,
  computedColorScheme,
  isDeviceColorScheme,
  readDeviceColorScheme,
  saveDeviceColorScheme,
  showColorScheme,
  type DeviceColorScheme,
} from '../shared/theme/device-color-scheme.js';

/**
 * The device's theme preference, shown on the page as MantineProvider shows it: before the first paint, live for
 * 'auto', and again when another tab chooses (a storage event). Choosing keeps it on the device.
 */
export function useDeviceColorScheme() {
  const [scheme, setScheme] = useState(readDeviceColorScheme);
  const [computed, setComputed] = useState(() => computedColorScheme(scheme));

  useLayoutEffect(() => showColorScheme(scheme, setComputed), [scheme]);

  useEffect(() => {
    const followOtherTabs = (event: StorageEvent) => {
      if (event.storageArea === window.localStorage && event.key === COLOR_SCHEME_STORAGE_KEY) {
        if (isDeviceColorScheme(event.newValue)) setScheme(event.newValue);
      }
    };
    window.addEventListener('storage', followOtherTabs);
    return () => window.removeEventListener('storage', followOtherTabs);
  }, []);

  const choose = useCallback((chosen: DeviceColorScheme) => {
    saveDeviceColorScheme(chosen);
    setScheme(chosen);
  }, []);

  return { scheme, computed, choose };
}
