import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Bay, Supply } from '@ems/contract';
import { formatNumber } from '@ems/domain';
import { SLD, layoutSingleLine, meterLines, nameLines } from '../single-line-layout';

interface Colors {
  line: string;
  off: string;
  text: string;
  sub: string;
  closed: string;
  open: string;
  hvBus: string;
  lvBus: string;
  bg: string;
}

/** A breaker: filled red square when closed, hollow green with the blade open when open (Chinese SCADA colours), dashed grey unreported. */
function Breaker({ x, y, state, c, testId }: { x: number; y: number; state: 0 | 1 | null; c: Colors; testId?: string }) {
  const s = 12;
  if (state === 1) return <rect x={x - s / 2} y={y - s / 2} width={s} height={s} fill={c.closed} stroke={c.closed} data-testid={testId} data-state="closed" />;
  if (state === 0)
    return (
      <g data-testid={testId} data-state="open">
        <rect x={x - s / 2} y={y - s / 2} width={s} height={s} fill="none" stroke={c.open} strokeWidth={1.5} />
        <line x1={x} y1={y + s / 2} x2={x + s} y2={y - s} stroke={c.open} strokeWidth={2} />
      </g>
    );
  return <rect x={x - s / 2} y={y - s / 2} width={s} height={s} fill="none" stroke={c.off} strokeDasharray="2 2" data-testid={testId} data-state="unknown" />;
}

/** A meter on the line (a bay that is a meter without a breaker). */
function MeterMark({ x, y, c, testId }: { x: number; y: number; c: Colors; testId?: string }) {
  return (
    <g data-testid={testId} data-state="meter">
      <circle cx={x} cy={y} r={7} fill={c.bg} stroke={c.line} strokeWidth={1.5} />
      <text x={x} y={y + 3.5} textAnchor="middle" fontSize={9} fill={c.text}>
        M
      </text>
    </g>
  );
}

/** Name and value lines of a bay under (or beside) its breaker; grey when its meter is offline. */
function BayText({ x, y, bay, c, anchor = 'middle' }: { x: number; y: number; bay: Bay; c: Colors; anchor?: 'middle' | 'start' }) {
  const offline = bay.meter !== null && !bay.meter.online;
  const lines = [...nameLines(bay.name), ...meterLines(bay.meter)];
  return (
    <text x={x} y={y} textAnchor={anchor} fontSize={11} fill={offline ? c.off : c.text} data-testid={`sld-bay-${bay.id}`} data-offline={offline ? 1 : 0}>
      <title>{bay.name}</title>
      {lines.map((l, i) => (
        <tspan key={i} x={x} dy={i === 0 ? 0 : 15} fill={i < nameLines(bay.name).length ? undefined : offline ? c.off : c.sub} fontWeight={i === 0 ? 600 : undefined}>
          {l}
        </tspan>
      ))}
    </text>
  );
}

/**
 * The single-line diagram as SVG, drawn from the topology: incomers at the top on the HV bus,
 * transformers below, their LV main breaker, the LV busbars as bars and the feeders hanging from
 * them with their breakers and live P, I, U, PF. Offline bays are grey.
 */
export function SingleLine({ supplies }: { supplies: readonly Supply[] }) {
  const { t } = useTranslation('power');
  const { token } = theme.useToken();
  const c: Colors = {
    line: token.colorText,
    off: token.colorTextDisabled,
    text: token.colorText,
    sub: token.colorTextSecondary,
    closed: token.colorError,
    open: token.colorSuccess,
    hvBus: token.colorWarning,
    lvBus: token.colorPrimary,
    bg: token.colorBgContainer,
  };
  const l = layoutSingleLine(supplies);
  const wire = (x1: number, y1: number, x2: number, y2: number, off = false) => <line x1={x1} y1={y1} x2={x2} y2={y2} stroke={off ? c.off : c.line} strokeWidth={1.5} />;
  return (
    <svg width={l.width} height={l.height} viewBox={`0 0 ${l.width} ${l.height}`} role="img" aria-label={t('busbar.diagram')} data-testid="sld" style={{ display: 'block' }}>
      {l.supplies.map((s, si) => {
        const first = s.blocks[0]?.cx ?? s.cx;
        const last = s.blocks[s.blocks.length - 1]?.cx ?? s.cx;
        const inc = s.supply.incomer;
        return (
          <g key={si}>
            {inc ? (
              <>
                <BayText x={s.cx + 14} y={18} bay={inc} c={c} anchor="start" />
                {wire(s.cx, 8, s.cx, SLD.hvBusY, !inc.meter?.online && inc.meter !== null)}
                <Breaker x={s.cx} y={SLD.incomerY} state={inc.switchState} c={c} testId={`sld-breaker-${inc.id}`} />
              </>
            ) : (
              <text x={s.cx} y={SLD.hvBusY - 12} textAnchor="middle" fontSize={11} fill={c.sub}>
                {t('busbar.unknownSupply')}
              </text>
            )}
            {s.blocks.length > 0 && <rect x={Math.min(first, s.cx) - 20} y={SLD.hvBusY - 3} width={Math.max(last, s.cx) - Math.min(first, s.cx) + 40} height={6} fill={c.hvBus} />}
            {s.blocks.map((b) => {
              const tr = b.block.transformer;
              const lv = b.block.lvMain;
              const busY = SLD.lvBusY;
              return (
                <g key={`${b.block.transformer?.id ?? 'bus'}-${b.x0}`}>
                  {tr && (
                    <>
                      {wire(b.cx, SLD.hvBusY, b.cx, SLD.transformerY - 24)}
                      <circle cx={b.cx} cy={SLD.transformerY - 10} r={14} fill="none" stroke={c.line} strokeWidth={1.5} />
                      <circle cx={b.cx} cy={SLD.transformerY + 10} r={14} fill="none" stroke={c.line} strokeWidth={1.5} />
                      <text x={b.cx + 22} y={SLD.transformerY - 6} fontSize={12} fontWeight={600} fill={c.text} data-testid={`sld-transformer-${tr.id}`}>
                        {tr.name}
                      </text>
                      <text x={b.cx + 22} y={SLD.transformerY + 10} fontSize={11} fill={c.sub}>
                        {tr.ratedKva !== null ? `${formatNumber(tr.ratedKva, 0)} kVA · ` : ''}
                        {t('busbar.loadRate', { value: tr.loadRatePct === null ? '--' : `${formatNumber(tr.loadRatePct, 1)}%` })}
                      </text>
                      {wire(b.cx, SLD.transformerY + 24, b.cx, busY, lv !== null && lv.meter !== null && !lv.meter.online)}
                    </>
                  )}
                  {lv && (
                    <>
                      {lv.modelLabel === 'meter' && lv.switchState === null ? (
                        <MeterMark x={b.cx} y={SLD.lvMainY} c={c} testId={`sld-breaker-${lv.id}`} />
                      ) : (
                        <Breaker x={b.cx} y={SLD.lvMainY} state={lv.switchState} c={c} testId={`sld-breaker-${lv.id}`} />
                      )}
                      <BayText x={b.cx + 14} y={SLD.lvMainY - 8} bay={lv} c={c} anchor="start" />
                    </>
                  )}
                  {b.buses.map((u) => (
                    <g key={u.bus.id}>
                      <rect x={u.x0 + 8} y={busY - 3} width={u.x1 - u.x0 - 16} height={6} fill={c.lvBus} data-testid={`sld-bus-${u.bus.id}`} />
                      <text x={u.x0 + 8} y={busY - 8} fontSize={11} fill={c.sub}>
                        {u.bus.name}
                      </text>
                      {u.feeders.map((f) => {
                        const off = f.bay.meter !== null && !f.bay.meter.online;
                        return (
                          <g key={f.bay.id}>
                            {wire(f.x, busY, f.x, SLD.feederLabelY - 16, off)}
                            {f.bay.modelLabel === 'meter' && f.bay.switchState === null ? (
                              <MeterMark x={f.x} y={SLD.feederBreakerY} c={c} testId={`sld-breaker-${f.bay.id}`} />
                            ) : (
                              <Breaker x={f.x} y={SLD.feederBreakerY} state={f.bay.switchState} c={c} testId={`sld-breaker-${f.bay.id}`} />
                            )}
                            <BayText x={f.x} y={SLD.feederLabelY} bay={f.bay} c={c} />
                          </g>
                        );
                      })}
                    </g>
                  ))}
                </g>
              );
            })}
          </g>
        );
      })}
    </svg>
  );
}
