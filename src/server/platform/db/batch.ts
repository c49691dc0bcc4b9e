/**
 * Coalesces concurrent look-ups by key into one query, DataLoader-style but without a timer: a
 * look-up runs at once while fewer than `maxInFlight` batches are running; the ones that arrive
 * while they run wait, and the next free slot answers up to `maxBatch` of them with one query.
 * Idle, a look-up costs nothing extra; under load, one round trip answers many callers.
 */
export class KeyBatcher<K, V> {
  private readonly waiting: { key: K; resolve: (value: V | undefined) => void; reject: (error: unknown) => void }[] =
    [];
  private inFlight = 0;

  constructor(
    /** The values of these (distinct) keys; a key missing from the map is answered `undefined`. */
    private readonly loadMany: (keys: K[]) => Promise<Map<K, V>>,
    private readonly maxBatch = 200,
    private readonly maxInFlight = 2,
  ) {}

  load(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ key, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.inFlight < this.maxInFlight && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.maxBatch);
      this.inFlight++;
      this.loadMany([...new Set(batch.map((w) => w.key))])
        .then(
          (found) => batch.forEach((w) => w.resolve(found.get(w.key))),
          (error: unknown) => batch.forEach((w) => w.reject(error)),
        )
        .finally(() => {
          this.inFlight--;
          this.dispatch();
        });
    }
  }
}
