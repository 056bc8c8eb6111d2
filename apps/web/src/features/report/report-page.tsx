import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Checkbox, DatePicker, Empty, Flex, Input, Modal, Segmented, Select, Skeleton, Spin, Tabs, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ENERGY_COUNTER_DATA_ID, type ReportKindT, type ReportSectionT, type ReportTemplate } from '@ems/contract';
import { invalidate } from '../../lib/api/define-query';
import { useModelTreeNodes, type TreeNodeRef } from '../../lib/api/model-tree';
import { energyTypeOptions } from '../../lib/model-label';
import { notify } from '../../lib/notify';
import { usePermission } from '../../lib/permission';
import { useSession } from '../../lib/session';
import { useFormatTime, useProjectZone } from '../../lib/time';
import { EChart, ModelTree, SidePanel, type ModelTreeNode } from '../../widgets';
import { pickerLocale } from '../../widgets/date-range-selector/picker-locale';
import { exportReport, openReportPdf, removeTemplate, reportQuery, reportTemplatesQuery, saveTemplate } from './api/report';
import { SectionTable } from './components/report-tables';
import { KINDS, PICKER, SECTIONS, dateFor, defaultDate, reportBody, todayIn, totalsChart } from './report-view';
import './report-print.css';

const COUNTER_TYPES = new Set(Object.keys(ENERGY_COUNTER_DATA_ID).map(Number));

/**
 * Period reports (/onlyReport, issue 15): a node of the model tree, an energy type, the kind (daily
 * with hourly columns, monthly with daily columns, yearly with monthly columns) and its date on the
 * project's calendar; the sections as tabs (consumption, TOU cost, meter readings, power), each a
 * table with the name column frozen and a totals row; the column totals as bars; export to xlsx, the
 * PDF preview in a new tab, print; templates to save and reuse the choices.
 */
export default function ReportPage() {
  const { t, i18n } = useTranslation('report');
  const { token } = theme.useToken();
  const { modal } = App.useApp();
  const can = usePermission();
  const client = useQueryClient();
  const projectId = useSession((s) => s.projectId);
  const zone = useProjectZone();
  const time = useFormatTime();
  const english = i18n.language.startsWith('en');
  const tree = useModelTreeNodes(projectId);
  const templates = useQuery(reportTemplatesQuery(projectId));
  const [picked, setPicked] = useState<TreeNodeRef | null>(null);
  const [energyType, setEnergyType] = useState(2);
  const [kind, setKind] = useState<ReportKindT>('daily');
  const [date, setDate] = useState(() => defaultDate('daily', zone));
  const [rows, setRows] = useState<'children' | 'meters'>('children');
  const [sections, setSections] = useState<ReportSectionT[]>([...SECTIONS]);
  const [tab, setTab] = useState<ReportSectionT>('consumption');
  const [templateId, setTemplateId] = useState<number | null>(null);
  const [saving, setSaving] = useState<{ name: string; sections: ReportSectionT[] } | null>(null);
  const [busy, setBusy] = useState<'export' | 'pdf' | null>(null);

  const rootNode = (tree.data?.[0]?.data as TreeNodeRef | undefined) ?? (projectId !== null ? { id: projectId, modelLabel: 'project', name: '' } : undefined);
  const node = picked ?? rootNode ?? null;
  const body = projectId !== null && node ? reportBody(projectId, node, energyType, kind, date, rows) : null;
  const result = useQuery({ ...reportQuery(body ?? reportBody(0, { id: 0, modelLabel: '' }, 2, 'daily', date, 'children')), enabled: body !== null, placeholderData: keepPreviousData });
  const data = result.data;
  const template = templates.data?.find((x) => x.id === templateId) ?? null;
  const shown = SECTIONS.filter((s) => sections.includes(s));
  const activeTab = shown.includes(tab) ? tab : (shown[0] ?? 'consumption');
  const option = useMemo(() => (data ? totalsChart(data, token.colorPrimary, t('total')) : null), [data, token.colorPrimary, t]);
  const typeOptions = useMemo(() => energyTypeOptions(COUNTER_TYPES, english), [english]);

  if (projectId === null) return <Empty description={t('noProject')} />;

  const full = body ? { ...body, sections: shown } : null;
  const loadTemplate = (id: number | null) => {
    setTemplateId(id);
    const tpl = templates.data?.find((x) => x.id === id);
    if (!tpl) return;
    setPicked({ id: tpl.nodeId, modelLabel: tpl.modelLabel, name: tpl.nodeName });
    setEnergyType(tpl.energyType);
    setKind(tpl.kind);
    setDate(defaultDate(tpl.kind, zone));
    setRows(tpl.rows);
    setSections(tpl.sections);
  };
  const onSave = async () => {
    if (!saving || !node) return;
    const input = { projectId, name: saving.name.trim(), nodeId: node.id, modelLabel: node.modelLabel, energyType, kind, rows, sections: SECTIONS.filter((s) => saving.sections.includes(s)) };
    const saved: ReportTemplate = await saveTemplate(input, template && template.name === input.name ? template.id : undefined);
    await invalidate(client, reportTemplatesQuery);
    setSaving(null);
    setTemplateId(saved.id);
    setSections(saved.sections);
    notify.success(t('template.saved'));
  };
  const onDelete = () => {
    if (!template) return;
    modal.confirm({
      title: t('template.confirmDelete', { name: template.name }),
      onOk: async () => {
        await removeTemplate(template.id);
        setTemplateId(null);
        await invalidate(client, reportTemplatesQuery);
        notify.success(t('template.deleted'));
      },
    });
  };
  const run = async (what: 'export' | 'pdf') => {
    if (!full) return;
    setBusy(what);
    try {
      await (what === 'export' ? exportReport(full) : openReportPdf(full));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Flex gap={token.margin} style={{ height: '100%', minHeight: 560 }} data-testid="report-page" data-ready={data !== undefined && !result.isFetching}>
      <SidePanel title={t('tree')} storageKey="report.sidePanel">
        {tree.isLoading ? (
          <Skeleton active />
        ) : (
          <div data-testid="report-tree">
            <ModelTree
              treeData={tree.data ?? []}
              defaultExpandedKeys={(tree.data ?? []).map((n) => n.key)}
              selectedKey={node ? `${node.modelLabel}_${node.id}` : undefined}
              onSelect={(n: ModelTreeNode) => setPicked(n.data as TreeNodeRef)}
            />
          </div>
        )}
      </SidePanel>
      <Flex vertical gap={token.marginSM} style={{ flex: 1, minWidth: 0, overflow: 'auto' }}>
        <Card size="small">
          <Flex wrap align="center" gap={token.margin}>
            <Flex align="center" gap={token.marginXS}>
              <span>{t('energyType')}</span>
              <Select<number> data-testid="report-energy-type" value={energyType} onChange={setEnergyType} style={{ width: 130 }} options={typeOptions} />
            </Flex>
            <Segmented<ReportKindT>
              data-testid="report-kind"
              value={kind}
              options={KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
              onChange={(k) => {
                setKind(k);
                setDate(defaultDate(k, zone));
              }}
            />
            <DatePicker
              data-testid="report-date"
              picker={PICKER[kind].picker}
              format={PICKER[kind].format}
              locale={pickerLocale(i18n.language)}
              allowClear={false}
              value={dayjs(date)}
              disabledDate={(d) => dateFor(kind, d.format('YYYY-MM-DD')) > dateFor(kind, todayIn(zone))}
              onChange={(d) => d && setDate(d.format('YYYY-MM-DD'))}
            />
            <Flex align="center" gap={token.marginXS}>
              <span>{t('rows.label')}</span>
              <Select<'children' | 'meters'>
                data-testid="report-rows"
                value={rows}
                onChange={setRows}
                style={{ width: 120 }}
                options={[
                  { value: 'children', label: t('rows.children') },
                  { value: 'meters', label: t('rows.meters') },
                ]}
              />
            </Flex>
            {result.isFetching && <Spin size="small" />}
          </Flex>
          <Flex wrap align="center" gap={token.marginSM} style={{ marginTop: token.marginSM }}>
            <span>{t('template.label')}</span>
            <Select<number>
              data-testid="report-template"
              allowClear
              placeholder={t('template.placeholder')}
              value={templateId ?? undefined}
              onChange={(v) => loadTemplate(v ?? null)}
              style={{ width: 220 }}
              loading={templates.isLoading}
              options={(templates.data ?? []).map((x) => ({ value: x.id, label: `${x.name} · ${x.nodeName}` }))}
            />
            {can(template ? 'report_update' : 'report_create') && (
              <Button data-testid="report-template-save" onClick={() => setSaving({ name: template?.name ?? '', sections: shown })}>
                {template ? t('template.update') : t('template.save')}
              </Button>
            )}
            {template && can('report_delete') && (
              <Button danger data-testid="report-template-delete" onClick={onDelete}>
                {t('template.delete')}
              </Button>
            )}
            <span style={{ flex: 1 }} />
            {can('report_export') && (
              <>
                <Button data-testid="report-export" loading={busy === 'export'} disabled={!data} onClick={() => void run('export')}>
                  {t('export')}
                </Button>
                <Button data-testid="report-pdf" loading={busy === 'pdf'} disabled={!data} onClick={() => void run('pdf')}>
                  {t('pdf')}
                </Button>
              </>
            )}
            <Button data-testid="report-print" disabled={!data} onClick={() => window.print()}>
              {t('print')}
            </Button>
          </Flex>
        </Card>
        {result.isError && <Alert type="error" showIcon title={result.error.message || t('loadFailed')} data-testid="report-error" />}
        {!data ? (
          result.isError ? null : <Skeleton active />
        ) : (
          <div className="report-print-area" data-testid="report-sheet">
            <Typography.Title level={5} style={{ margin: 0 }} data-testid="report-title">
              {data.title}
            </Typography.Title>
            <Typography.Text type="secondary" data-testid="report-lines">
              {`${t('periodLine', { period: data.periodLabel, zone: data.timezone })} · ${t('unit', { unit: data.unit })}${data.asOf < data.to ? ` · ${t('asOf', { time: time(data.asOf, 'YYYY-MM-DD HH:mm') })}` : ''}`}
            </Typography.Text>
            {data.consumption && data.consumption.rows.length === 0 && <Alert type="info" showIcon title={t('noRows')} data-testid="report-no-rows" />}
            <Tabs
              className="report-no-print"
              activeKey={activeTab}
              onChange={(k) => setTab(k as ReportSectionT)}
              items={shown.map((s) => ({ key: s, label: <span data-testid={`report-tab-${s}`}>{t(`section.${s}`)}</span> }))}
            />
            <SectionTable report={data} section={activeTab} />
            {activeTab === 'consumption' && option && (
              <Card size="small" title={t('chart')} className="report-no-print" style={{ marginTop: token.marginSM }} data-testid="report-chart">
                <EChart option={option} height={260} loading={result.isFetching} />
              </Card>
            )}
          </div>
        )}
      </Flex>
      <Modal
        open={saving !== null}
        title={template ? t('template.update') : t('template.save')}
        okButtonProps={{ disabled: !saving?.name.trim() || saving.sections.length === 0, ...{ 'data-testid': 'report-template-ok' } }}
        onOk={() => void onSave()}
        onCancel={() => setSaving(null)}
        destroyOnHidden
      >
        <Flex vertical gap={token.marginSM}>
          <Input data-testid="report-template-name" placeholder={t('template.name')} maxLength={50} value={saving?.name ?? ''} onChange={(e) => setSaving((s) => (s ? { ...s, name: e.target.value } : s))} />
          <Checkbox.Group<ReportSectionT>
            value={saving?.sections ?? []}
            options={SECTIONS.map((s) => ({ value: s, label: t(`section.${s}`) }))}
            onChange={(v) => setSaving((s) => (s ? { ...s, sections: v } : s))}
          />
        </Flex>
      </Modal>
    </Flex>
  );
}
