/** The rental contract: preview (sanitised HTML), e-sign flow, check, withholding agreement. */
import type { ContractCheck, ContractView, Signing, Withholding } from '@contract/api/contract';
import { get, post } from '../platform/request';

export type { ContractCheck, ContractView, Signing, Withholding };

/** The contract page: state plus the sanitised HTML (preview before signing, signed after). */
export function fetchContract(orderId: number) {
  return post<ContractView>('/api/client/contract', { orderId });
}

/** Start (or get the running) signing flow; open `signUrl` in the web view. */
export function startSigning(orderId: number) {
  return post<Signing>('/api/contract/create', { orderId });
}

export function checkContract(orderId: number) {
  return get<ContractCheck>('/api/contract/check', { orderId });
}

/** The withholding agreement for the order's bills on the latest bound card (once). */
export function signWithholding(orderId: number) {
  return get<Withholding>(`/api/order/signHFB/${orderId}`);
}
