// Bounds every number of a request carries (issue 12): a value outside them is a 400 naming the field,
// never a store or date error (a 1e308 page index was SQLITE_MISMATCH, a 1e308 time a RangeError).
import { Type } from '@sinclair/typebox';

/** Largest id: the store's 32-bit integer columns (PostgreSQL `integer`). */
export const MAX_ID = 2147483647;
/** 2100-01-01T00:00:00Z in ms: the latest time a request may name. */
export const MAX_EPOCH_MS = 4102444800000;
/** Largest page index (a page number or a row offset, as the list says): the offset stays a safe integer either way. */
export const MAX_PAGE_INDEX = 1_000_000_000;
/** Largest page size a list accepts. */
export const MAX_PAGE_SIZE = 1000;

/** A row id. */
export const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
/** A row id where 0 means "none" or "the root" (the spec's clients send 0). */
export const IdOrZero = Type.Integer({ minimum: 0, maximum: MAX_ID });
/** An instant, ms since 1970-01-01T00:00:00Z, before 2100. */
export const EpochMs = Type.Integer({ minimum: 0, maximum: MAX_EPOCH_MS });
/** A 0-based page number or row offset. */
export const PageIndex = Type.Integer({ minimum: 0, maximum: MAX_PAGE_INDEX });
/** Rows per page. */
export const PageSize = Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE });
/** A measured value as a gateway or a person sends it: beyond any meter's register, short of overflowing a sum. */
export const Measurement = Type.Number({ minimum: -1e15, maximum: 1e15 });
/** `{ index, limit }` of a list. */
export const Page = Type.Object({ index: PageIndex, limit: PageSize }, { additionalProperties: false });
/** A code, priority or signed id: a 32-bit integer. */
export const Int32 = Type.Integer({ minimum: -MAX_ID - 1, maximum: MAX_ID });
