/**
 * Generic query helper (spec sections 5 and 7): a query runs only when its inputs are valid, an
 * identical query is not sent twice, and a failed query forgets itself so a retry runs.
 */

export interface QueryRequirements {
  /** a tree node with a non-negative id is required */
  requireTreeNode?: boolean;
  /** an id that is a non-negative number is required */
  requireId?: boolean;
  /** names of the configured filters whose dynamic input must be non-null */
  filters?: readonly string[];
}

export interface QueryInputs {
  treeNode?: { id: number; modelLabel?: string } | null;
  id?: number | null;
  dynamicInput?: Record<string, unknown>;
}

function nonNegative(n: unknown): boolean {
  return typeof n === 'number' && Number.isFinite(n) && n >= 0;
}

export function queryInputsValid(req: QueryRequirements, inputs: QueryInputs): boolean {
  if (req.requireTreeNode && !(inputs.treeNode && nonNegative(inputs.treeNode.id))) return false;
  if (req.requireId && !nonNegative(inputs.id)) return false;
  for (const name of req.filters ?? []) {
    const value = inputs.dynamicInput?.[name];
    if (value === null || value === undefined) return false;
  }
  return true;
}

export type QueryOutcome<R> = { status: 'ok'; data: R } | { status: 'skipped' } | { status: 'failed'; error: unknown };

export interface QueryRunner<I extends QueryInputs, R> {
  /** runs the query unless inputs are invalid or it equals the last one (pass force to re-run) */
  run(inputs: I, force?: boolean): Promise<QueryOutcome<R>>;
  /** fail signal: called with the error of each failed run; returns an unsubscribe */
  onFail(listener: (error: unknown) => void): () => void;
  /** forgets the last query so the next run goes out */
  forget(): void;
}

export function createQueryRunner<I extends QueryInputs, R>(fetcher: (inputs: I) => Promise<R>, requirements: QueryRequirements = {}): QueryRunner<I, R> {
  let lastKey: string | null = null;
  const listeners = new Set<(error: unknown) => void>();
  return {
    async run(inputs, force = false) {
      if (!queryInputsValid(requirements, inputs)) return { status: 'skipped' };
      const key = JSON.stringify(inputs);
      if (!force && key === lastKey) return { status: 'skipped' };
      lastKey = key;
      try {
        return { status: 'ok', data: await fetcher(inputs) };
      } catch (error) {
        lastKey = null;
        listeners.forEach((l) => l(error));
        return { status: 'failed', error };
      }
    },
    onFail(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    forget() {
      lastKey = null;
    },
  };
}

export type SaveOutcome<R> = { status: 'ok'; data: R } | { status: 'blocked' } | { status: 'failed'; error: unknown };

export interface Saver<P, R> {
  save(payload: P): Promise<SaveOutcome<R>>;
  readonly saving: boolean;
  onFail(listener: (error: unknown) => void): () => void;
}

/** Save helper: a saving flag blocks a double submit and is freed when the save ends or fails. */
export function createSaver<P, R>(submit: (payload: P) => Promise<R>): Saver<P, R> {
  let saving = false;
  const listeners = new Set<(error: unknown) => void>();
  return {
    get saving() {
      return saving;
    },
    async save(payload) {
      if (saving) return { status: 'blocked' };
      saving = true;
      try {
        const data = await submit(payload);
        return { status: 'ok', data };
      } catch (error) {
        listeners.forEach((l) => l(error));
        return { status: 'failed', error };
      } finally {
        saving = false;
      }
    },
    onFail(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
