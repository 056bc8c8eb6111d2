import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import type { Db } from './connect.js';

/**
 * Counts the writes to a set of tables made through one Kysely instance: a generation that moves on
 * when an insert, update, delete or merge names one of them (anywhere in the statement: a write that
 * only reads a watched table in a subquery moves it too, which is merely cautious), or when a raw
 * statement's text mentions one. It moves when the statement is compiled and again when it has run,
 * so whatever was read before the write ended belongs to an older generation. Caches of what those
 * tables hold keep the generation they were filled at and are stale once it has moved.
 */
export class WriteWatch implements KyselyPlugin {
  #generation = 0;
  readonly #tables: ReadonlySet<string>;
  readonly #pattern: RegExp;
  readonly #pending = new WeakSet<object>();

  constructor(tables: readonly string[]) {
    this.#tables = new Set(tables);
    this.#pattern = new RegExp(`\\b(${tables.join('|')})\\b`, 'i');
  }

  get generation(): number {
    return this.#generation;
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.#touches(args.node)) {
      this.#generation++;
      this.#pending.add(args.queryId);
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.#pending.has(args.queryId)) this.#generation++;
    return args.result;
  }

  #touches(node: RootOperationNode): boolean {
    const kind = node.kind as string;
    if (kind === 'RawNode') return this.#pattern.test((node as unknown as { sqlFragments: readonly string[] }).sqlFragments.join(' '));
    if (kind !== 'InsertQueryNode' && kind !== 'UpdateQueryNode' && kind !== 'DeleteQueryNode' && kind !== 'MergeQueryNode') return false;
    return this.#namesWatched(node);
  }

  /** Whether any table node in the tree is one of the watched tables. */
  #namesWatched(root: OperationNode): boolean {
    const stack: unknown[] = [root];
    while (stack.length > 0) {
      const n = stack.pop();
      if (n === null || typeof n !== 'object') continue;
      if (Array.isArray(n)) {
        for (const x of n) stack.push(x);
        continue;
      }
      const o = n as { kind?: string; table?: { identifier?: { name?: string } } };
      if (o.kind === 'TableNode' && this.#tables.has(o.table?.identifier?.name ?? '')) return true;
      for (const v of Object.values(o)) if (v !== null && typeof v === 'object') stack.push(v);
    }
    return false;
  }
}

/** The tables a session is read from: its token, its user, roles and groups, and the projects it may see. */
export const SESSION_TABLES = ['token', 'app_user', 'user_role', 'role', 'role_permission', 'permission', 'user_group', 'user_group_member', 'project', 'user_project', 'tenant', 'tenant_provider'] as const;

const watches = new WeakMap<Db, WriteWatch>();

/** Registers the session-table watch of a store's Kysely instance (openDb does it). */
export function registerSessionWatch(db: Db, watch: WriteWatch): void {
  watches.set(db, watch);
}

/** The session-table watch of the store, when the instance is the one openDb made (not a derived one). */
export const sessionWatchOf = (db: Db): WriteWatch | undefined => watches.get(db);
