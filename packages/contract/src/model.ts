import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Id, IdOrZero, Int32, PageIndex } from './bounds.js';
import type { AttrType } from './model-meta.js';

/** Paths of the model service (spec section 7). */
export const MODEL_API = {
  /** POST: the generic model query */
  query: '/model/v1/query',
  /** POST: the hierarchy write (spelling as in the spec) */
  writeHierarchy: '/model/v1/write/hierachy',
  /** DELETE `${remove}/{modelLabel}` with {modelLabel, idRange} */
  remove: '/model/v1',
  /** GET: every label's metadata */
  models: '/model-meta/v1/models/',
  /** GET `${modelByLabel}/{label}` */
  modelByLabel: '/model-meta/v1/models/label',
  /** GET: [{modelLabel, id}] of the projects and nodes the caller may see */
  modelNodes: '/eem-service/v1/node/modelNodes',
} as const;

/** Filter operators of the model query. IN takes an array, BETWEEN [low, high] (inclusive). */
export const QUERY_OPERATORS = ['EQ', 'NE', 'GT', 'GE', 'LT', 'LE', 'IN', 'LIKE', 'BETWEEN'] as const;
export type QueryOperator = (typeof QUERY_OPERATORS)[number];

const Label = Type.String({ minLength: 1, maxLength: 64 });
/** objects and arrays: the value first, so a bad value is reported inside it */
const Nullable = <T extends TSchema>(t: T) => Type.Optional(Type.Union([t, Type.Null()]));
/** scalars: null first */
const NullableScalar = <T extends TSchema>(t: T) => Type.Optional(Type.Union([Type.Null(), t]));

export const QueryExpression = Type.Object({
  /** a column (id, name, modelLabel, parentId, projectId, code, createTime, updateTime) or an attribute */
  prop: Type.String({ minLength: 1, maxLength: 64 }),
  /** one of QUERY_OPERATORS (case-insensitive) */
  operator: Type.String({ minLength: 1, maxLength: 16 }),
  /** scalar; an array for IN and BETWEEN (2 values); at most MODEL_QUERY_MAX_VALUES values in all the query's expressions */
  limit: Type.Unknown(),
  tagid: NullableScalar(Int32),
}, { additionalProperties: false });
export type QueryExpression = Static<typeof QueryExpression>;

export const QueryFilter = Type.Object({ expressions: Nullable(Type.Array(QueryExpression, { maxItems: 50 })) }, { additionalProperties: false });

/**
 * Most filter values (a scalar counts 1, an IN or BETWEEN list its length) in all the expressions of
 * one query: each is a bound parameter, and SQLite refuses a statement past its variable limit.
 */
export const MODEL_QUERY_MAX_VALUES = 900;

export const QueryOrder = Type.Object({
  orderType: Type.Union([Type.Literal('asc'), Type.Literal('desc')]),
  /** lower first */
  priority: Type.Optional(Int32),
  propertyLabel: Type.String({ minLength: 1, maxLength: 64 }),
}, { additionalProperties: false });
export type QueryOrder = Static<typeof QueryOrder>;

export const QueryPage = Type.Object({
  /** zero-based row offset */
  index: PageIndex,
  /** page size */
  limit: Type.Integer({ minimum: 1, maximum: 10000 }),
}, { additionalProperties: false });

export const SubLayerCondition = Type.Object({
  modelLabel: Label,
  filter: Nullable(QueryFilter),
  props: Nullable(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 100 })),
  orders: Nullable(Type.Array(QueryOrder, { maxItems: 10 })),
}, { additionalProperties: false });
export type SubLayerCondition = Static<typeof SubLayerCondition>;

/** POST /model/v1/query (spec section 3, generic model query). */
export const ModelQueryBody = Type.Object({
  rootLabel: Label,
  /** a node id of rootLabel; negative or null: every rootLabel node in scope */
  rootID: NullableScalar(Int32),
  rootCondition: Nullable(
    Type.Object({
      filter: Nullable(QueryFilter),
      /** accepted for compatibility; tree return is driven by subLayerConditions */
      include_relatedlabel: NullableScalar(Type.Union([Type.Boolean(), Type.Array(Label, { maxItems: 100 })])),
      /** restricts to the subtree under this node (a project: the project's nodes) */
      treeNode: Nullable(Type.Object({ id: Id, modelLabel: Label }, { additionalProperties: false })),
      page: Nullable(QueryPage),
      /** returned properties (default all); id and modelLabel always */
      props: Nullable(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 100 })),
      orders: Nullable(Type.Array(QueryOrder, { maxItems: 10 })),
    }, { additionalProperties: false }),
  ),
  subLayerConditions: Nullable(Type.Array(SubLayerCondition, { maxItems: 30 })),
  treeReturnEnable: NullableScalar(Type.Boolean()),
}, { additionalProperties: false });
export type ModelQueryBody = Static<typeof ModelQueryBody>;

/**
 * A node in replies: id, modelLabel, name, projectId, parentId (null: directly under the project),
 * code, createTime, updateTime and every attribute of the label flattened (null when unset);
 * `children` with treeReturnEnable. Project nodes (modelLabel 'project', id = projectId) carry the
 * project fields instead.
 */
export interface ModelNode {
  id: number;
  modelLabel: string;
  name?: string;
  projectId?: number;
  parentId?: number | null;
  code?: string;
  createTime?: number;
  updateTime?: number;
  children?: ModelNode[];
  [prop: string]: unknown;
}
export const ModelNodeSchema = Type.Object({ id: Type.Integer(), modelLabel: Type.String() }, { additionalProperties: true });

/**
 * One item of the hierarchy write: no id creates, an id updates (only the fields sent), `delete_flag`
 * deletes it with its subtree, `moveFrom` (its old parent) re-parents it under the item it appears in.
 * `children` holds items placed under this node. Other fields: `name`, `code` and the label's attributes
 * (null clears an attribute). `projectId`, `parentId`, `createTime`, `updateTime` are ignored (except
 * `projectId` on a new top-level item: create it directly under that project).
 */
export interface HierarchyItem {
  modelLabel: string;
  id?: number | null;
  name?: string;
  code?: string;
  delete_flag?: boolean | null;
  moveFrom?: { id: number; modelLabel: string } | null;
  children?: HierarchyItem[] | null;
  [field: string]: unknown;
}

/**
 * Nodes one hierarchy write may hold in all, at every level (issue 12: 5,000 new nodes in one SQLite
 * transaction held the event loop ~100 ms, three at once twice that); a larger model is written in
 * several calls. More: 400 naming the first item over.
 */
export const HIERARCHY_MAX_ITEMS = 2000;

export const HierarchyItemSchema = Type.Recursive(
  (Self) =>
    Type.Object(
      {
        modelLabel: Label,
        id: NullableScalar(IdOrZero),
        delete_flag: NullableScalar(Type.Boolean()),
        moveFrom: Nullable(Type.Object({ id: IdOrZero, modelLabel: Label }, { additionalProperties: false })),
        children: Nullable(Type.Array(Self, { maxItems: HIERARCHY_MAX_ITEMS })),
      },
      { additionalProperties: true },
    ),
  { $id: 'ModelHierarchyItem' },
);
export const HierarchyBody = Type.Array(HierarchyItemSchema, { minItems: 1, maxItems: HIERARCHY_MAX_ITEMS });

/** Reply item of the hierarchy write: the same nesting, with ids; deleted items keep delete_flag. */
export interface HierarchyResult {
  id: number;
  modelLabel: string;
  name?: string;
  delete_flag?: boolean;
  children?: HierarchyResult[];
  [field: string]: unknown;
}

export const ModelLabelParam = Type.Object({ modelLabel: Label });
export const ModelMetaLabelParam = Type.Object({ label: Label });

/** DELETE /model/v1/{modelLabel}: body modelLabel (= the path's) and the ids. */
export const ModelDeleteBody = Type.Object({
  modelLabel: Label,
  idRange: Type.Array(IdOrZero, { minItems: 1, maxItems: 5000 }),
}, { additionalProperties: false });
export type ModelDeleteBody = Static<typeof ModelDeleteBody>;

/** GET /model-meta/v1/models/ items: a label's description in the request's language. */
export interface ModelInfo {
  label: string;
  name: string;
  /** allowed child labels */
  children: string[];
  writable: boolean;
  attrs: AttrInfo[];
}

export interface AttrInfo {
  name: string;
  type: AttrType;
  /** in the request's language */
  label: string;
  unit?: string;
  required: boolean;
  min?: number;
  max?: number;
  exclusiveMin?: boolean;
  maxLength?: number;
  pattern?: string;
  /** enum: values with text in the request's language */
  values?: { value: string | number; text: string }[];
  refLabel?: string;
  default?: string | number | boolean;
}
