import { nextStep, stepStates, stepsFor, stepUrl, type VerificationDone } from './steps';

const nothing: VerificationDone = {
  realName: false,
  face: false,
  credit: false,
  emergencyContact: false,
  bankCard: false,
};

describe('verification steps', () => {
  it('asks for credit only where the deposit depends on it', () => {
    expect(stepsFor('freeze')).toEqual([
      'realName',
      'credit',
      'contact',
      'bankCard',
      'contract',
      'pay',
    ]);
    expect(stepsFor('waived')).toContain('credit');
    expect(stepsFor('paid')).toEqual(['realName', 'contact', 'bankCard', 'contract', 'pay']);
    expect(stepsFor('card')).not.toContain('credit');
  });

  it('resumes at the first step not done, skipping what is done', () => {
    const order = { id: 5, status: 'PENDING_VERIFY', depositMethod: 'freeze' };
    expect(nextStep(order, nothing)).toEqual({ kind: 'step', step: 'realName' });
    // Real name without face is not done.
    expect(nextStep(order, { ...nothing, realName: true })).toEqual({
      kind: 'step',
      step: 'realName',
    });
    expect(nextStep(order, { ...nothing, realName: true, face: true, credit: true })).toEqual({
      kind: 'step',
      step: 'contact',
    });
    const allDone = {
      realName: true,
      face: true,
      credit: true,
      emergencyContact: true,
      bankCard: true,
    };
    expect(nextStep(order, allDone)).toEqual({ kind: 'confirm' });
    // A paid deposit does not wait for a credit score.
    expect(
      nextStep(
        { ...order, depositMethod: 'paid' },
        { ...nothing, realName: true, face: true, emergencyContact: true },
      ),
    ).toEqual({ kind: 'step', step: 'bankCard' });
  });

  it('follows the order past verification: sign, freeze, pay, then the order page', () => {
    const at = (status: string) => nextStep({ id: 9, status, depositMethod: 'freeze' }, nothing);
    expect(at('PENDING_SIGN')).toEqual({ kind: 'step', step: 'contract' });
    expect(at('PENDING_FREEZE')).toEqual({ kind: 'leave', url: '/pages/alipay/aliSign?orderId=9' });
    expect(at('PENDING_PAY')).toEqual({
      kind: 'leave',
      url: '/pages/confirmPayment/confirmPayment?orderId=9',
    });
    expect(at('CANCELLED')).toEqual({
      kind: 'leave',
      url: '/pages/orderDetail/orderDetail?orderId=9',
    });
  });

  it('marks the bar: steps before the current one done, the rest to do', () => {
    const bar = stepStates(stepsFor('paid'), 'bankCard');
    expect(bar.map((s) => s.state)).toEqual(['done', 'done', 'current', 'todo', 'todo']);
    expect(stepUrl('contact', 3)).toBe('/pages/emergencyContact/emergencyContact?orderId=3');
  });
});
