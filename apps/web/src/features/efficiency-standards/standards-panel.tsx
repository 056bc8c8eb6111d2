import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Flex, Input, InputNumber, Popconfirm, Select, Skeleton, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EQUIPMENT_KIND_VALUES, type EquipmentKindT, type StandardRowT } from '@ems/contract';
import type { StandardIssue } from '@ems/domain';
import { invalidate } from '../../lib/api/define-query';
import { ApiError } from '../../lib/http/client';
import { usePermission } from '../../lib/permission';
import { useFormatTime } from '../../lib/time/project-zone';
import { resetStandard, saveStandard, standardQuery, standardsQuery } from './api/efficiency-standards';
import { COLUMNS, GROUP_KEYS, newRow, prepare, validCell, type ColumnSpec } from './standard-columns';

const NS = 'efficiency-standards';
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

interface DraftRow {
  id: number;
  row: StandardRowT;
}
interface Draft {
  code: string;
  title: string;
  effectiveDate: string;
  note: string;
  rows: DraftRow[];
}

let nextId = 1;
const withIds = (rows: readonly StandardRowT[]): DraftRow[] => rows.map((row) => ({ id: nextId++, row }));

/**
 * The grade tables of the four equipment kinds, one tab each: edition, effective date, whether it is
 * the published edition or an edit (by whom, when), and the rows. A holder of
 * efficiencystandard_update edits cells, adds and deletes rows, saves (sorted and checked first, then
 * by the server, whose refusal names the row and field) and resets to the published edition.
 */
export function EfficiencyStandardsPanel({ initialKind = 'transformer' }: { initialKind?: EquipmentKindT }) {
  const { t } = useTranslation(NS);
  const [kind, setKind] = useState<EquipmentKindT>(initialKind);
  const list = useQuery(standardsQuery());
  const summary = (k: EquipmentKindT) => list.data?.find((s) => s.kind === k);
  return (
    <div data-testid="efficiency-standards">
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <Tabs
        activeKey={kind}
        onChange={(k) => setKind(k as EquipmentKindT)}
        destroyOnHidden
        items={EQUIPMENT_KIND_VALUES.map((k) => ({
          key: k,
          label: (
            <span data-testid={`standard-tab-${k}`}>
              {t(`kind.${k}`)}
              {summary(k)?.edited ? (
                <Tag color="warning" style={{ marginInlineStart: 6 }}>
                  {t('edited')}
                </Tag>
              ) : null}
            </span>
          ),
          children: <StandardTable kind={k} />,
        }))}
      />
    </div>
  );
}

function StandardTable({ kind }: { kind: EquipmentKindT }) {
  const { t } = useTranslation(NS);
  const { message } = App.useApp();
  const client = useQueryClient();
  const formatTime = useFormatTime();
  const mayEdit = usePermission()('efficiencystandard_update');
  const { data, isLoading } = useQuery(standardQuery(kind));
  const [draft, setDraft] = useState<Draft | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [filters, setFilters] = useState<Record<string, string | undefined>>({});
  const specs = COLUMNS[kind];

  const shown: DraftRow[] = useMemo(() => (draft ? draft.rows : withIds(data?.rows ?? [])), [draft, data]);
  const filtered = shown.filter((d) => GROUP_KEYS[kind].every((g) => !filters[g] || String((d.row as Record<string, unknown>)[g] ?? '') === filters[g]));
  const numbering = new Map(shown.map((d, i) => [d.id, i + 1]));

  const issueText = (rows: readonly StandardRowT[], issue: StandardIssue) => {
    const fieldName = (f: string) => (t(`group.${f}`, { defaultValue: '' }) || t(`col.${f}`, { defaultValue: f }));
    const text = t(`issue.${issue.code}`, { field: fieldName(issue.field), other: (issue.other ?? 0) + 1 });
    return issue.row >= 0 && rows[issue.row] ? `${t('rowOf', { row: issue.row + 1 })}: ${text}` : text;
  };

  const startEdit = () => {
    if (!data) return;
    setDraft({ code: data.code, title: data.title, effectiveDate: data.effectiveDate, note: data.note, rows: withIds(data.rows) });
    setProblem(null);
  };
  const setCell = (id: number, spec: ColumnSpec, v: string | number | null) =>
    setDraft((d) => (d ? { ...d, rows: d.rows.map((x) => (x.id === id ? { id, row: spec.set(x.row, v) } : x)) } : d));

  const save = async () => {
    if (!draft || busy) return;
    if (!draft.code.trim() || !draft.title.trim() || !DATE.test(draft.effectiveDate)) {
      setProblem(t('fixIssue', { text: `${t('code')} / ${t('standardTitle')} / ${t('effectiveDate')} (YYYY-MM-DD)` }));
      return;
    }
    const bad = draft.rows.find((d) => specs.some((s) => !validCell(s, s.get(d.row))));
    if (bad) {
      const spec = specs.find((s) => !validCell(s, s.get(bad.row))) as ColumnSpec;
      setProblem(t('fixIssue', { text: `${t('rowOf', { row: numbering.get(bad.id) ?? 0 })}: ${spec.group ? `${t(`group.${spec.group}`)} ${t('grade', { grade: spec.grade })}` : t(`col.${spec.key}`)}` }));
      return;
    }
    const { rows, issue } = prepare(kind, draft.rows.map((d) => d.row));
    // the rows in the order they are saved, so the numbers in a message are the ones on screen
    const sorted = rows.map((row) => draft.rows.find((d) => d.row === row) as DraftRow);
    setDraft({ ...draft, rows: sorted });
    if (issue) {
      setProblem(t('fixIssue', { text: issueText(rows, issue) }));
      return;
    }
    setBusy(true);
    try {
      await saveStandard(kind, { code: draft.code.trim(), title: draft.title.trim(), effectiveDate: draft.effectiveDate, note: draft.note, rows });
    } catch (e) {
      setProblem(e instanceof ApiError ? e.message : String(e));
      return;
    } finally {
      setBusy(false);
    }
    setProblem(null);
    setDraft(null);
    void message.success(t('saved'));
    await invalidate(client, standardsQuery, standardQuery);
  };

  const reset = async () => {
    setBusy(true);
    try {
      const r = await resetStandard(kind);
      void message.success(t('resetDone', { code: r.code }));
    } catch {
      return; // the client has shown the server's message
    } finally {
      setBusy(false);
    }
    setDraft(null);
    setProblem(null);
    await invalidate(client, standardsQuery, standardQuery);
  };

  const cell = (d: DraftRow, spec: ColumnSpec) => {
    const v = spec.get(d.row);
    const testId = `cell-${kind}-${numbering.get(d.id) ?? 0}-${spec.key}`;
    if (!draft) {
      const text =
        v === null
          ? spec.kind === 'optionalNumber'
            ? t('noBound')
            : '—'
          : spec.kind === 'enum'
            ? t(`enum.${spec.key}.${String(v)}`, { defaultValue: String(v) })
            : Number(v).toFixed(Math.max(spec.minDigits ?? 0, (String(v).split('.')[1] ?? '').length));
      return <span data-testid={testId}>{text}</span>;
    }
    if (spec.kind === 'enum') {
      const optional = spec.key === 'core' || spec.key === 'connection' || spec.key === 'insulationClass';
      return (
        <Select
          size="small"
          data-testid={testId}
          value={v === null ? undefined : String(v)}
          allowClear={optional}
          style={{ minWidth: 110 }}
          popupMatchSelectWidth={false}
          onChange={(x?: string) => setCell(d.id, spec, x ?? null)}
          options={(spec.options ?? []).map((o) => ({ value: o, label: t(`enum.${spec.key}.${o}`, { defaultValue: o }) }))}
        />
      );
    }
    return (
      <InputNumber
        size="small"
        data-testid={testId}
        value={v === null ? null : Number(v)}
        min={0}
        step={spec.step === 0 ? 1 : 10 ** -spec.step}
        placeholder={spec.kind === 'optionalNumber' ? t('noBound') : undefined}
        status={validCell(spec, v) ? undefined : 'error'}
        style={{ width: spec.group ? 84 : 104 }}
        onChange={(x) => setCell(d.id, spec, x === null || x === undefined ? null : Number(x))}
      />
    );
  };

  const columns: ColumnsType<DraftRow> = [{ key: 'n', title: '#', width: 56, fixed: 'left', render: (_, d) => numbering.get(d.id) }];
  for (const spec of specs) {
    if (spec.group && spec.grade !== 1) continue;
    if (spec.group) {
      columns.push({
        key: spec.group,
        title: t(`group.${spec.group}`),
        children: specs
          .filter((s) => s.group === spec.group)
          .map((s) => ({ key: s.key, title: t('grade', { grade: s.grade }), align: 'right' as const, render: (_: unknown, d: DraftRow) => cell(d, s) })),
      });
    } else columns.push({ key: spec.key, title: t(`col.${spec.key}`), render: (_, d) => cell(d, spec) });
  }
  if (draft)
    columns.push({
      key: 'actions',
      title: '',
      fixed: 'right',
      width: 72,
      render: (_, d) => (
        <Button size="small" type="link" danger data-testid={`remove-${numbering.get(d.id) ?? 0}`} onClick={() => setDraft((x) => (x ? { ...x, rows: x.rows.filter((r) => r.id !== d.id) } : x))}>
          {t('removeRow')}
        </Button>
      ),
    });

  if (isLoading || !data) return <Skeleton active />;
  const groupOptions = (g: string) => [...new Set(shown.map((d) => String((d.row as Record<string, unknown>)[g] ?? '')))].filter(Boolean);
  return (
    <Flex vertical gap={12} data-testid={`standard-${kind}`} data-ready="true">
      {draft ? (
        <Flex gap={8} wrap>
          <Input addonBefore={t('code')} value={draft.code} maxLength={40} style={{ width: 300 }} data-testid="standard-code" onChange={(e) => setDraft({ ...draft, code: e.target.value })} />
          <Input
            addonBefore={t('effectiveDate')}
            value={draft.effectiveDate}
            placeholder="YYYY-MM-DD"
            status={DATE.test(draft.effectiveDate) ? undefined : 'error'}
            style={{ width: 260 }}
            data-testid="standard-date"
            onChange={(e) => setDraft({ ...draft, effectiveDate: e.target.value })}
          />
          <Input addonBefore={t('standardTitle')} value={draft.title} maxLength={100} style={{ width: 420 }} onChange={(e) => setDraft({ ...draft, title: e.target.value })} />
          <Input.TextArea value={draft.note} maxLength={2000} autoSize={{ minRows: 2, maxRows: 5 }} placeholder={t('note')} onChange={(e) => setDraft({ ...draft, note: e.target.value })} />
        </Flex>
      ) : (
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} bordered>
          <Descriptions.Item label={t('code')}>
            <span data-testid="standard-code-text">{data.code}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('effectiveDate')}>{data.effectiveDate}</Descriptions.Item>
          <Descriptions.Item label={t('standardTitle')}>{data.title}</Descriptions.Item>
          <Descriptions.Item label={t('status')} span={2}>
            <span data-testid="standard-status">
              {data.edited ? <Tag color="warning">{t('editedBy', { user: data.updatedBy ?? '', time: formatTime(data.updateTime), code: data.defaultCode })}</Tag> : <Tag color="success">{t('published')}</Tag>}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('rowCount')}>{data.rowCount}</Descriptions.Item>
          <Descriptions.Item label={t('note')} span={3}>
            <Typography.Paragraph ellipsis={{ rows: 2, expandable: true }} style={{ marginBottom: 0 }}>
              {data.note}
            </Typography.Paragraph>
          </Descriptions.Item>
        </Descriptions>
      )}
      <Flex gap={8} wrap align="center" justify="space-between">
        <Flex gap={8} wrap>
          {GROUP_KEYS[kind].map((g) => (
            <Select
              key={g}
              size="middle"
              style={{ minWidth: 140 }}
              placeholder={t(`col.${g}`)}
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              value={filters[g]}
              onChange={(v?: string) => setFilters((f) => ({ ...f, [g]: v }))}
              options={groupOptions(g).map((o) => ({ value: o, label: t(`enum.${g}.${o}`, { defaultValue: o }) }))}
              data-testid={`standard-filter-${g}`}
            />
          ))}
        </Flex>
        {mayEdit ? (
          draft ? (
            <Flex gap={8}>
              <Button data-testid="standard-add" onClick={() => setDraft({ ...draft, rows: [...draft.rows, { id: nextId++, row: newRow(kind, draft.rows.map((d) => d.row)) }] })}>
                {t('addRow')}
              </Button>
              <Button
                onClick={() => {
                  setDraft(null);
                  setProblem(null);
                }}
              >
                {t('cancel')}
              </Button>
              <Button type="primary" loading={busy} data-testid="standard-save" onClick={() => void save()}>
                {t('save')}
              </Button>
            </Flex>
          ) : (
            <Flex gap={8}>
              <Popconfirm title={t('resetConfirm', { code: data.defaultCode })} onConfirm={() => void reset()} okButtonProps={{ 'data-testid': 'standard-reset-ok' } as Record<string, string>}>
                <Button disabled={!data.edited} loading={busy} data-testid="standard-reset">
                  {t('reset')}
                </Button>
              </Popconfirm>
              <Button type="primary" data-testid="standard-edit" onClick={startEdit}>
                {t('edit')}
              </Button>
            </Flex>
          )
        ) : (
          <Typography.Text type="secondary">{t('readOnly')}</Typography.Text>
        )}
      </Flex>
      {problem ? <Alert type="error" showIcon title={problem} data-testid="standard-problem" closable onClose={() => setProblem(null)} /> : null}
      <Table<DraftRow>
        size="small"
        rowKey="id"
        bordered
        columns={columns}
        dataSource={filtered}
        scroll={{ x: 'max-content' }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, pageSizeOptions: [20, 50, 100], size: 'small' }}
        data-testid={`standard-table-${kind}`}
      />
    </Flex>
  );
}
