/** What earlier rows of the file established: each key's first row, so a later row with one is a duplicate. */
export class FileMemory {
  private readonly firstRowOf = new Map<string, number>();

  /** The first earlier row sharing one of `keys`, or undefined (and the keys are then remembered). */
  claim(keys: readonly string[], row: number): number | undefined {
    for (const key of keys) {
      const first = this.firstRowOf.get(key);
      if (first !== undefined) return first;
    }
    for (const key of keys) this.firstRowOf.set(key, row);
    return undefined;
  }
}
