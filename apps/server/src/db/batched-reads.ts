// Reads shared by the requests that arrive together. DataLoader gathers the keys asked for until
// the event loop's next check phase (setImmediate), so every request read in the same turn shares
// one query instead of running its own (bench: the per-request lookups were most of the
// database's statements under load). Nothing is cached between turns: each gathering reads
// afresh, so a write is seen by every read that starts after it, in this process or another.
import DataLoader from 'dataloader';

/** Keys per query at most: well under both databases' bound-parameter limits. */
const MAX_KEYS = 500;

/** A loader of one value (or undefined) per key; `read` answers the keys it found. */
export function batchedReads<K, V>(read: (keys: readonly K[]) => Promise<Map<K, V>>): DataLoader<K, V | undefined> {
  return new DataLoader<K, V | undefined>(
    async (keys) => {
      const found = await read(keys);
      return keys.map((key) => found.get(key));
    },
    { cache: false, maxBatchSize: MAX_KEYS, batchScheduleFn: (run) => setImmediate(run) },
  );
}
