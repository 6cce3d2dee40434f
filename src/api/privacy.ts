/**
 * Privacy: consents per brand and policy version, account cancellation (注销账户) and the export
 * of the user's personal data.
 */
import type {
  CancellationCheck,
  ConsentChannel,
  ConsentKind,
  ConsentState,
  WithholdingItem,
} from '@contract/api/privacy';
import { get, post } from '../platform/request';

export type { CancellationCheck, ConsentChannel, ConsentKind, ConsentState, WithholdingItem };

/** The client the consent is given in, as the server records it. */
export function consentChannel(): ConsentChannel {
  const env = process.env.TARO_ENV;
  return env === 'weapp' || env === 'alipay' ? env : 'h5';
}

export function fetchConsents() {
  return get<ConsentState[]>('/api/privacy/consents');
}

/** Agrees to each kind at the version the user was shown. */
export function giveConsents(consents: { kind: ConsentKind; version: string }[]) {
  return post<ConsentState[]>('/api/privacy/consents', { consents, channel: consentChannel() });
}

export function withdrawConsent(kind: ConsentKind) {
  return post<ConsentState[]>('/api/privacy/consents/withdraw', { kind });
}

export function fetchCancellationCheck() {
  return get<CancellationCheck>('/api/privacy/account/cancellation');
}

export function cancelAccount() {
  return post<{ cancelledAt: string; retainUntil: string }>('/api/privacy/account/cancel', {
    confirm: '注销',
  });
}

export function fetchPersonalData() {
  return get<Record<string, unknown>>('/api/privacy/export');
}

export function fetchSubscribeTemplates(host: 'wechat' | 'alipay') {
  return get<{ purpose: string; templateId: string }[]>('/api/privacy/subscriptions/templates', {
    host,
  });
}

/** The template ids the user accepted: each allows one reminder message. */
export function recordSubscriptions(host: 'wechat' | 'alipay', templateIds: string[]) {
  return post<{ recorded: number }>('/api/privacy/subscriptions', { host, templateIds });
}

/** The user's automatic-deduction agreements on this brand. */
export function fetchWithholding() {
  return get<WithholdingItem[]>('/api/privacy/withholding');
}

/** Cancels the order's automatic deduction (its bills are then paid by hand). */
export function cancelWithholding(orderId: number) {
  return post<WithholdingItem[]>('/api/privacy/withholding/cancel', { orderId });
}
