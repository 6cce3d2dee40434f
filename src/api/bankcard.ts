/** Bank cards: issuer lookup and binding (preOrder → SMS code → verify → bind). */
import type { BankCard, BankInfo, BindPreOrder } from '@contract/api/bankcard';
import { get, post } from '../platform/request';

export type { BankCard, BankInfo, BindPreOrder };

export function fetchBankInfo(cardNo: string) {
  return get<BankInfo>('/api/user/getBankInfo', { cardNo });
}

/** The bank texts a code to the reserved mobile. */
export function startBindCard(cardNo: string, mobile: string) {
  return post<BindPreOrder>('/api/user/bindCardPreOrder', { cardNo, mobile });
}

export function verifyBindCode(bindId: string, code: string) {
  return post<{ verified: boolean }>('/api/user/verifyBindCard', { bindId, code });
}

export function completeBindCard(bindId: string) {
  return post<BankCard>('/api/user/bindBindCard', { bindId });
}

export function fetchBankCards() {
  return get<BankCard[]>('/api/user/bankCards');
}
