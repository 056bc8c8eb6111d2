/**
 * Per-key promise chains: the messages of one gateway run one after another, in arrival order,
 * while different gateways run side by side. A failed task does not stop the ones behind it.
 */
export class KeyedQueue {
  private readonly tails = new Map<number, Promise<unknown>>();

  /** Runs `task` after every earlier task of `key`; resolves or rejects with it. */
  run<T>(key: number, task: () => Promise<T>): Promise<T> {
    const prev = this.tails.get(key) ?? Promise.resolve();
    const next = prev.then(task, task);
    const tail = next.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return next;
  }

  /** Resolves when every task queued so far has settled. */
  async idle(): Promise<void> {
    while (this.tails.size > 0) await Promise.all([...this.tails.values()]);
  }
}
