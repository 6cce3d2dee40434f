import { today } from './billUtil';

describe('today', () => {
  it('is the day in China, which bills are due by, whatever the device zone', () => {
    // 20:00 UTC on the 28th is 04:00 on the 29th in Beijing: a bill due the 29th is due now.
    expect(today(new Date('2026-11-28T20:00:00Z'))).toBe('2026-11-29');
    expect(today(new Date('2026-11-28T15:59:59Z'))).toBe('2026-11-28');
  });
});
