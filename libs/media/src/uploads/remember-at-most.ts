/** Sets `key` in `map`, first forgetting the longest-known entry when the map already holds `limit`. */
export function rememberAtMost<K, V>(map: Map<K, V>, limit: number, key: K, value: V): void {
  if (map.size >= limit && !map.has(key)) {
    const longestKnown = map.keys().next();
    if (!longestKnown.done) map.delete(longestKnown.value);
  }
  map.set(key, value);
}
