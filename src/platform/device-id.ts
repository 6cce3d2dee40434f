import { randomHex128 } from './random';
import { StorageKey } from './storage';
import { readStored, writeStored } from './storage-backend';

/**
 * A device id generated once and kept (storage key `deviceId`). Its own module, imported only by
 * the checkout (the order keeps it for the merchant's risk review), so it lands in that
 * subpackage and not in the mini-programs' main package, which is at its budget.
 */
export function getDeviceId(): string {
  const existing = readStored(StorageKey.deviceId);
  if (typeof existing === 'string' && /^[0-9a-f]{32}$/.test(existing)) return existing;
  const created = randomHex128();
  writeStored(StorageKey.deviceId, created);
  return created;
}
