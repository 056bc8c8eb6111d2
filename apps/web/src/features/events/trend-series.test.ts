import { describe, expect, it } from 'vitest';
import type { TrendSeriesReply } from '@ems/contract';
import { eventLimits, eventLine } from './trend-series';

const reply: TrendSeriesReply = {
  deviceId: 4,
  dataId: 5,
  dataTypeId: 1,
  logicalId: 1,
  param: { deviceName: 'm', dataName: 'A相电压', dataTypeName: '原始', unit: 'V', upperLimit: 500, lowerLimit: 0 },
  data: [{ time: 1, value: 220, status: 0 }],
} as TrendSeriesReply;

describe('limit lines of the event trend', () => {
  it('the crossed limit takes the side it was crossed on; the other side is the data point limit', () => {
    expect(eventLimits({ value: 303, limit: 260, upperLimit: 500, lowerLimit: 0 })).toEqual({ upperLimit: 260, lowerLimit: 0 });
    expect(eventLimits({ value: 180, limit: 198, upperLimit: 500, lowerLimit: 0 })).toEqual({ upperLimit: 500, lowerLimit: 198 });
    expect(eventLimits({ value: null, limit: null, upperLimit: 500, lowerLimit: null })).toEqual({ upperLimit: 500, lowerLimit: null });
  });

  it('a demand event (kW) draws its contract on the active-power line (kW); a loss rate (%) draws no crossed limit on a kWh line', () => {
    const power = { ...reply, param: { ...reply.param, dataName: '有功功率', unit: 'kW', upperLimit: null, lowerLimit: null } } as TrendSeriesReply;
    const [demand] = eventLine({ value: 2337.6, limit: 2000, upperLimit: null, lowerLimit: null, quantity: 'demand' }, [power]);
    expect(demand?.param).toMatchObject({ upperLimit: 2000, lowerLimit: null });
    const energy = { ...reply, param: { ...reply.param, unit: 'kWh', upperLimit: null, lowerLimit: null } } as TrendSeriesReply;
    const [loss] = eventLine({ value: 28.96, limit: 5, upperLimit: null, lowerLimit: null, quantity: 'lossRate' }, [energy]);
    expect(loss?.param).toMatchObject({ upperLimit: null, lowerLimit: null });
  });

  it('the line keeps its data and falls back to the reply’s limits', () => {
    const [line] = eventLine({ value: 1629, limit: 1000, upperLimit: null, lowerLimit: null }, [reply]);
    expect(line?.param).toMatchObject({ upperLimit: 1000, lowerLimit: 0, yIndex: 0, unit: 'V' });
    expect(line?.data).toEqual(reply.data);
  });
});
