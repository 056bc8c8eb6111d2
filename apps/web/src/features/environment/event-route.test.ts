import { describe, expect, it } from 'vitest';
import { eventPageOf } from './event-route';

describe('eventPageOf', () => {
  it('a limit on an energy quantity (702) is confirmed on /energyConsumptionEvent; an offline one (801) and a gas or temperature limit (804) on /eventDiagnosis', () => {
    expect(eventPageOf(702)).toEqual({ path: '/energyConsumptionEvent', permission: 'page_energyConsumptionEvent' });
    expect(eventPageOf(801)).toEqual({ path: '/eventDiagnosis', permission: 'page_eventDiagnosis' });
    expect(eventPageOf(804)).toEqual({ path: '/eventDiagnosis', permission: 'page_eventDiagnosis' });
    expect(eventPageOf(999)).toBeUndefined();
  });
});
