/**
 * Puts `value` under `key` as the most recent entry of `map` and drops the least recent one past
 * `max`: the Map's insertion order is the eviction order, so a bounded cache needs nothing else.
 */
export function keepRecent<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value!);
}
