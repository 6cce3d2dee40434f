/**
 * The verification steps of a placed order and where each lives. The server says what is done
 * (`auth/status`) and what the order needs next (`status`, `depositMethod`); these functions only
 * map that onto pages, so a step reopened later resumes where the user left off.
 *
 * Every step page takes `?orderId=<order id>`.
 */
import { registerMessages, type MessageKey } from '../../i18n';
import { verifyMessages } from '@contract/i18n/zh-Hans/verify';

registerMessages(verifyMessages);

export type StepKey = 'realName' | 'credit' | 'contact' | 'bankCard' | 'contract' | 'pay';

export interface VerificationDone {
  realName: boolean;
  face: boolean;
  credit: boolean;
  emergencyContact: boolean;
  bankCard: boolean;
}

export interface OrderProgress {
  id: number;
  status: string;
  depositMethod: string;
}

export const STEP_PAGES: Record<Exclude<StepKey, 'pay'>, string> = {
  realName: '/pages/perfectIdCard/perfectIdCard',
  credit: '/pages/zhima/zhima',
  contact: '/pages/emergencyContact/emergencyContact',
  bankCard: '/pages/bindCard/bindCard',
  contract: '/pages/contractPreview/contractPreview',
};

export const STEP_LABELS: Record<StepKey, MessageKey> = {
  realName: 'verify.step.realName',
  credit: 'verify.step.credit',
  contact: 'verify.step.contact',
  bankCard: 'verify.step.bankCard',
  contract: 'verify.step.contract',
  pay: 'verify.step.pay',
};

/** The steps this order goes through, in order: the server's `requiredChecks`, a card, sign, pay. */
export function stepsFor(depositMethod: string): StepKey[] {
  const steps: StepKey[] = ['realName'];
  if (depositMethod === 'freeze' || depositMethod === 'waived') steps.push('credit');
  // Every order binds a card: instalments are withheld from it (the withholding agreement is
  // signed after the contract); for `card` the deposit too.
  steps.push('contact', 'bankCard', 'contract', 'pay');
  return steps;
}

function checkDone(step: StepKey, done: VerificationDone): boolean {
  switch (step) {
    case 'realName':
      return done.realName && done.face;
    case 'credit':
      return done.credit;
    case 'contact':
      return done.emergencyContact;
    case 'bankCard':
      return done.bankCard;
    default:
      return false;
  }
}

export type NextStep =
  | { kind: 'step'; step: Exclude<StepKey, 'pay'> }
  /** Every check is done but the order still waits for `confirm`. */
  | { kind: 'confirm' }
  | { kind: 'leave'; url: string };

/** Where the user should be now for this order. */
export function nextStep(order: OrderProgress, done: VerificationDone): NextStep {
  switch (order.status) {
    case 'PENDING_VERIFY': {
      const missing = stepsFor(order.depositMethod).find(
        (step) => step !== 'contract' && step !== 'pay' && !checkDone(step, done),
      );
      return missing && missing !== 'contract' && missing !== 'pay'
        ? { kind: 'step', step: missing }
        : { kind: 'confirm' };
    }
    case 'PENDING_SIGN':
      return { kind: 'step', step: 'contract' };
    case 'PENDING_FREEZE':
      return { kind: 'leave', url: `/pages/alipay/aliSign?orderId=${order.id}` };
    case 'PENDING_PAY':
      return { kind: 'leave', url: `/pages/confirmPayment/confirmPayment?orderId=${order.id}` };
    default:
      return { kind: 'leave', url: `/pages/orderDetail/orderDetail?orderId=${order.id}` };
  }
}

/** Which steps the bar shows as done, for the step the user is on. */
export function stepStates(
  steps: readonly StepKey[],
  current: StepKey,
): { step: StepKey; state: 'done' | 'current' | 'todo' }[] {
  const at = steps.indexOf(current);
  return steps.map((step, index) => ({
    step,
    state: index < at ? 'done' : index === at ? 'current' : 'todo',
  }));
}

export function stepUrl(step: Exclude<StepKey, 'pay'>, orderId: number): string {
  return `${STEP_PAGES[step]}?orderId=${orderId}`;
}
