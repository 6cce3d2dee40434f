import type { AddressBody } from '../../api/address';
import { registerMessages, type MessageKey } from '../../i18n';
import { accountMessages } from '@contract/i18n/zh-Hans/account';
import { isMobile } from '@contract/validation';
import type { Region } from './regions';

registerMessages(accountMessages);

export type Field = 'name' | 'mobile' | 'region' | 'detail';
export type Errors = Partial<Record<Field, MessageKey>>;

export interface AddressDraft {
  name: string;
  mobile: string;
  region: Region | undefined;
  detail: string;
  isDefault: boolean;
}

export const EMPTY: AddressDraft = {
  name: '',
  mobile: '',
  region: undefined,
  detail: '',
  isDefault: false,
};

/** The form's rules, the server's limits: names 1-20, detail 1-100 (trimmed), a real mobile. */
export function validateAddress(draft: AddressDraft, only?: Field): Errors {
  const errors: Errors = {};
  const name = draft.name.trim();
  const detail = draft.detail.trim();
  if (name.length < 1 || name.length > 20) errors.name = 'account.address.nameInvalid';
  if (!isMobile(draft.mobile)) errors.mobile = 'account.mobileInvalid';
  if (!draft.region) errors.region = 'account.address.regionInvalid';
  if (detail.length < 1 || detail.length > 100) errors.detail = 'account.address.detailInvalid';
  return only ? { [only]: errors[only] } : errors;
}

export function toBody(draft: AddressDraft, region: Region): AddressBody {
  return {
    name: draft.name.trim(),
    mobile: draft.mobile,
    ...region,
    detail: draft.detail.trim(),
    isDefault: draft.isDefault,
  };
}
