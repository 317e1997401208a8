// Bounded concurrency for async work over many items: enough in flight to keep the disk or the
// network busy, never one promise per item (100k parallel reads exhaust the open-file limit).

/** Runs `fn` over `items` with at most `limit` calls in flight; rejects with the first failure. */
export async function forEachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next++] as T;
      await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}
