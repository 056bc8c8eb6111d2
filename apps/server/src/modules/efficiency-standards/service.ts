import { TypeCompiler } from '@sinclair/typebox/compiler';
import {
  ErrorCode,
  STANDARD_ROW_SCHEMAS,
  type EfficiencyStandard,
  type EfficiencyStandardInput,
  type EfficiencyStandardSummary,
  type StandardRowT,
} from '@ems/contract';
import { DEFAULT_STANDARDS, EQUIPMENT_KINDS, validateStandardRows, type EquipmentKind, type StandardFor, type StandardIssue, type StandardRows } from '@ems/domain';
import type { Ems, Session } from '../../context.js';
import { ApiError, noPermission } from '../../lib/errors.js';
import type { Lang } from '../../lib/i18n.js';
import { isOperator } from '../admin/scope.js';
import { recordAudit, type AuditActor } from '../audit/service.js';
import { describeRow, fieldLabel, issueText } from './messages.js';

/**
 * The grade tables in force (issue 14): an administrator's edited edition of a kind
 * (`efficiency_standard`), else the published one (DEFAULT_STANDARDS). Installation-wide: the
 * national standards are the same for every tenant, so only the platform operator edits them.
 *
 * Reads are cached per server instance; an edit or a reset on this instance replaces the cached
 * edition at once and tells the `onStandardChanged` listeners, so services regrade on their next
 * read. Another instance of a cluster picks the edit up within CACHE_TTL_MS.
 */

export type { EquipmentKind, StandardFor } from '@ems/domain';

/** How long a cached edition is trusted before it is read again (edits made through another instance). */
export const CACHE_TTL_MS = 60_000;

interface Meta {
  edited: boolean;
  updatedBy: string | null;
  updateTime: number | null;
}
interface Loaded<K extends EquipmentKind> {
  edition: StandardFor<K>;
  meta: Meta;
  /** Date.now() when read */
  at: number;
}

const caches = new WeakMap<Ems, Map<EquipmentKind, Promise<Loaded<EquipmentKind>>>>();
const listeners = new WeakMap<Ems, Set<(kind: EquipmentKind) => void>>();
type RowCheck = { Check(v: unknown): boolean; Errors(v: unknown): { First(): { path: string; message: string } | undefined } };
const CHECKS: Record<EquipmentKind, RowCheck> = {
  transformer: TypeCompiler.Compile(STANDARD_ROW_SCHEMAS.transformer),
  chiller: TypeCompiler.Compile(STANDARD_ROW_SCHEMAS.chiller),
  compressor: TypeCompiler.Compile(STANDARD_ROW_SCHEMAS.compressor),
  boiler: TypeCompiler.Compile(STANDARD_ROW_SCHEMAS.boiler),
};

const published = <K extends EquipmentKind>(kind: K): Loaded<K> => ({ edition: DEFAULT_STANDARDS[kind], meta: { edited: false, updatedBy: null, updateTime: null }, at: Date.now() });

async function load<K extends EquipmentKind>(ems: Ems, kind: K): Promise<Loaded<K>> {
  const row = await ems.db.selectFrom('efficiency_standard').selectAll().where('kind', '=', kind).executeTakeFirst();
  if (!row) return published(kind);
  let rows: unknown;
  try {
    rows = JSON.parse(row.rows);
  } catch {
    rows = null;
  }
  // a row written by hand that no longer passes the checks: the published edition, rather than wrong grades
  if (!Array.isArray(rows) || !rows.every((r) => CHECKS[kind].Check(r)) || validateStandardRows(kind, rows as StandardRows[K][])) return published(kind);
  return {
    edition: { code: row.code, title: row.title, effectiveDate: row.effective_date, note: row.note, rows: rows as StandardRows[K][] },
    meta: { edited: true, updatedBy: row.updated_by, updateTime: Number(row.update_time) },
    at: Date.now(),
  };
}

async function loaded<K extends EquipmentKind>(ems: Ems, kind: K): Promise<Loaded<K>> {
  let cache = caches.get(ems);
  if (!cache) caches.set(ems, (cache = new Map()));
  const hit = cache.get(kind) as Promise<Loaded<K>> | undefined;
  if (hit) {
    const v = await hit.catch(() => null);
    if (v && Date.now() - v.at < CACHE_TTL_MS) return v;
    // stale or failed: read again (unless another caller already started the read)
    if (cache.get(kind) === (hit as Promise<Loaded<EquipmentKind>>)) cache.delete(kind);
    const again = cache.get(kind) as Promise<Loaded<K>> | undefined;
    if (again) return again;
  }
  const p = load(ems, kind);
  cache.set(kind, p as Promise<Loaded<EquipmentKind>>);
  p.catch(() => cache.delete(kind));
  return p;
}

/** The edition of `kind` in force: the stored edit, else the published edition (cached, replaced on edit). */
export async function currentStandard<K extends EquipmentKind>(ems: Ems, kind: K): Promise<StandardFor<K>> {
  return (await loaded(ems, kind)).edition;
}

/**
 * Calls `listener(kind)` after an edit or a reset of a table on this instance (after the change has
 * committed and the cache holds the new edition). Returns the unsubscribe function. A listener must
 * not throw.
 */
export function onStandardChanged(ems: Ems, listener: (kind: EquipmentKind) => void): () => void {
  let set = listeners.get(ems);
  if (!set) listeners.set(ems, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

function changed(ems: Ems, kind: EquipmentKind): void {
  caches.get(ems)?.delete(kind);
  for (const l of listeners.get(ems) ?? []) {
    try {
      l(kind);
    } catch {
      // a listener's failure is its own; the edit has been made
    }
  }
}

function summaryOf<K extends EquipmentKind>(kind: K, l: Loaded<K>): EfficiencyStandardSummary {
  const d = DEFAULT_STANDARDS[kind];
  return {
    kind,
    code: l.edition.code,
    title: l.edition.title,
    effectiveDate: l.edition.effectiveDate,
    note: l.edition.note,
    edited: l.meta.edited,
    defaultCode: d.code,
    defaultEffectiveDate: d.effectiveDate,
    rowCount: l.edition.rows.length,
    updatedBy: l.meta.updatedBy,
    updateTime: l.meta.updateTime,
  };
}

/** The four kinds, each with its edition in force. */
export async function listStandards(ems: Ems): Promise<EfficiencyStandardSummary[]> {
  return Promise.all(EQUIPMENT_KINDS.map(async (k) => summaryOf(k, await loaded(ems, k))));
}

/** One kind's edition in force with its rows. */
export async function standardOf(ems: Ems, kind: EquipmentKind): Promise<EfficiencyStandard> {
  const l = await loaded(ems, kind);
  return { ...summaryOf(kind, l), rows: [...l.edition.rows] as StandardRowT[] };
}

const refuse = (field: string, reason: string) => new ApiError(400, ErrorCode.badRequest, 'invalidField', null, [field, reason]);

/** The first TypeBox error of a row as `rows[i].path` and a reason in the language. */
function schemaIssue(lang: Lang, kind: EquipmentKind, rows: readonly unknown[]): ApiError | null {
  for (let i = 0; i < rows.length; i++) {
    const check = CHECKS[kind];
    if (check.Check(rows[i])) continue;
    const e = check.Errors(rows[i]).First();
    const path = (e?.path ?? '').split('/').filter(Boolean);
    const field = `rows[${i}]${path.map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${p}`)).join('')}`;
    const top = path[0] ?? '';
    const label = top ? fieldLabel(lang, top) : '';
    const grade = path.length > 1 && /^\d+$/.test(path[1] as string) ? Number(path[1]) + 1 : null;
    const where = lang === 'en' ? `row ${i + 1}` : `第 ${i + 1} 行`;
    const what = label ? (grade ? (lang === 'en' ? `${label}, grade ${grade}` : `${label}（${grade} 级）`) : label) : lang === 'en' ? 'the row' : '该行';
    const reason =
      lang === 'en'
        ? `${where}: ${what} is missing or not an allowed value (${e?.message ?? 'invalid'})`
        : `${where}：${what}缺失或取值不允许（${e?.message ?? 'invalid'}）`;
    return refuse(field, reason);
  }
  return null;
}

function tableIssue(lang: Lang, kind: EquipmentKind, rows: readonly StandardRowT[], issue: StandardIssue): ApiError {
  const row = rows[issue.row];
  const other = issue.other !== undefined ? rows[issue.other] : undefined;
  const field = issue.row < 0 ? 'rows' : `rows[${issue.row}].${issue.field}`;
  return refuse(
    field,
    issueText(lang, {
      code: issue.code,
      row: issue.row + 1,
      desc: row ? describeRow(lang, kind, row) : '',
      field: fieldLabel(lang, issue.field),
      other: issue.other !== undefined ? issue.other + 1 : undefined,
      otherDesc: other ? describeRow(lang, kind, other) : undefined,
      better: issue.field === 'cop' || issue.field === 'iplv' || issue.field === 'efficiencyPct' ? 'higher' : 'lower',
    }),
  );
}

/** The editor must be the platform operator holding efficiencystandard_update (the route checks the permission). */
function mayEdit(session: Session): void {
  if (!isOperator(session)) throw noPermission();
}

const brief = (e: { code: string; title: string; effectiveDate: string; rows: readonly unknown[] }) => ({ code: e.code, title: e.title, effectiveDate: e.effectiveDate, rowCount: e.rows.length });

/** Up to 20 rows that differ between two tables, by position. */
function rowChanges(before: readonly unknown[], after: readonly unknown[]): { row: number; before: unknown; after: unknown }[] {
  const out: { row: number; before: unknown; after: unknown }[] = [];
  for (let i = 0; i < Math.max(before.length, after.length) && out.length < 20; i++) {
    if (JSON.stringify(before[i]) !== JSON.stringify(after[i])) out.push({ row: i + 1, before: before[i] ?? null, after: after[i] ?? null });
  }
  return out;
}

/**
 * Saves an edited edition of `kind`: rows checked against the kind's schema, then sorted bands that
 * do not overlap and limits ordered grade 1 ≥ 2 ≥ 3 in quality; a 400 naming the row and field
 * otherwise, and nothing changes. Audited; the listeners are told.
 */
export async function updateStandard(ems: Ems, lang: Lang, session: Session, actor: AuditActor, kind: EquipmentKind, input: EfficiencyStandardInput): Promise<EfficiencyStandard> {
  mayEdit(session);
  const bad = schemaIssue(lang, kind, input.rows);
  if (bad) throw bad;
  const rows = input.rows as StandardRowT[];
  const issue = validateStandardRows(kind, rows as StandardRows[typeof kind][]);
  if (issue) throw tableIssue(lang, kind, rows, issue);
  const before = await loaded(ems, kind);
  const now = ems.config.now();
  await ems.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('efficiency_standard').where('kind', '=', kind).execute();
    await trx
      .insertInto('efficiency_standard')
      .values({ kind, code: input.code, title: input.title, effective_date: input.effectiveDate, note: input.note, rows: JSON.stringify(rows), updated_by: actor.userName.slice(0, 64), update_time: now })
      .execute();
    await recordAudit(
      ems,
      actor,
      {
        kind: 'config',
        action: 'update',
        targetType: 'efficiencyStandard',
        targetName: `${kind} ${input.code}`,
        before: brief(before.edition),
        after: { ...brief({ ...input, rows }), changes: rowChanges(before.edition.rows, rows) },
      },
      trx,
    );
  });
  changed(ems, kind);
  return standardOf(ems, kind);
}

/** Back to the published edition of `kind` (the stored edit is removed). Audited; the listeners are told. */
export async function resetStandard(ems: Ems, session: Session, actor: AuditActor, kind: EquipmentKind): Promise<EfficiencyStandard> {
  mayEdit(session);
  const before = await loaded(ems, kind);
  await ems.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('efficiency_standard').where('kind', '=', kind).execute();
    await recordAudit(
      ems,
      actor,
      { kind: 'config', action: 'reset', targetType: 'efficiencyStandard', targetName: `${kind} ${DEFAULT_STANDARDS[kind].code}`, before: brief(before.edition), after: brief(DEFAULT_STANDARDS[kind]) },
      trx,
    );
  });
  changed(ems, kind);
  return standardOf(ems, kind);
}
