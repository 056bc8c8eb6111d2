import { queryOptions, type QueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';

/** What one call of a definition builds: the arguments' part of the key, the fetch and any other query options. */
export type QueryBuild<T> = Omit<UseQueryOptions<T, Error, T, QueryKey>, 'queryKey' | 'queryFn'> & {
  /** appended to the definition's prefix */
  key: readonly unknown[];
  queryFn: () => Promise<T>;
};

const prefixes: (readonly string[])[] = [];

/**
 * Defines a server resource's query once (HOUSE-STYLE rule 13): the key is the resource's prefix
 * followed by what the call puts in `key`, so a key is never written by hand elsewhere. A page that
 * needs another shape of the same reply uses `select`; two definitions whose prefixes overlap are
 * refused by `api/query-definitions.test.ts` (two shapes under one key crashed a page).
 */
export function defineQuery<A extends unknown[], T>(prefix: readonly string[], build: (...args: A) => QueryBuild<T>) {
  prefixes.push(prefix);
  const options = (...args: A) => {
    const { key, ...rest } = build(...args);
    return queryOptions<T, Error, T, QueryKey>({ ...rest, queryKey: [...prefix, ...key] });
  };
  return Object.assign(options, {
    /** the static key part every entry of this resource starts with (invalidate the whole resource) */
    prefix,
    /** the full key of one entry */
    key: (...args: A): QueryKey => [...prefix, ...build(...args).key],
  });
}

/** What `defineQuery` returns for arguments `A` and reply `T`. */
export type QueryDefinition<A extends unknown[], T> = ReturnType<typeof defineQuery<A, T>>;

/** Every prefix defined so far, in definition order (for the uniqueness test). */
export function definedQueryPrefixes(): readonly (readonly string[])[] {
  return prefixes;
}

/** Marks every entry of the given resources stale (refetching those in use). */
export async function invalidate(client: QueryClient, ...definitions: readonly { prefix: readonly string[] }[]): Promise<void> {
  await Promise.all(definitions.map((d) => client.invalidateQueries({ queryKey: d.prefix })));
}
