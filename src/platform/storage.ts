import { readStored, removeStored, writeStored } from './storage-backend';
import { DEFAULT_PLATFORM, isPlatformId, type PlatformId } from '../../contract/http';

/**
 * Typed access to the values the client keeps between launches: wx/my storage on mini-programs,
 * localStorage on H5 (storage-backend.ts). Keys are fixed here so no other module invents its own
 * spelling.
 */
export const StorageKey = {
  platform: 'platform',
  channelCode: 'channelCode',
  userInfo: 'userInfo',
  deviceId: 'deviceId',
  language: 'language',
  /**
   * The chosen language's dictionary as the server sent it, with its version (src/i18n/load.ts):
   * one at a time, ~30 KB, so the next launch shows that language at once.
   */
  languagePack: 'languagePack',
  /** Search keywords, most recent first (features/catalog/search-history.ts keeps the rules). */
  searchHistory: 'searchHistory',
  /**
   * The bills a recent payment covered, while the user is away at the H5 cashier (its return link
   * names only the trade): features/payment/pending-payments.ts keeps the rules.
   */
  pendingPayments: 'pendingPayments',
  /** One token per brand, so switching brand never shows or sends another brand's token. */
  token: (platform: PlatformId) => `token:${platform}`,
  /**
   * Alipay: the brand's privacy-notice version this device agreed to before phone, location or
   * identity (WeChat keeps its own record of `agreePrivacyAuthorization`).
   */
  privacyNotice: (platform: PlatformId) => `privacyNotice:${platform}`,
} as const;

function read<T>(key: string): T | undefined {
  return readStored(key) as T | undefined;
}

export function getStoredPlatform(): PlatformId | undefined {
  const value = Number(read<number | string>(StorageKey.platform));
  return isPlatformId(value) ? value : undefined;
}

export function getPlatform(): PlatformId {
  return getStoredPlatform() ?? DEFAULT_PLATFORM;
}

export function setPlatform(platform: PlatformId): void {
  writeStored(StorageKey.platform, platform);
}

export function getChannelCode(): string | undefined {
  return read<string>(StorageKey.channelCode);
}

export function setChannelCode(code: string): void {
  writeStored(StorageKey.channelCode, code);
}

export function getToken(platform: PlatformId = getPlatform()): string | undefined {
  return read<string>(StorageKey.token(platform));
}

export function setToken(token: string, platform: PlatformId = getPlatform()): void {
  writeStored(StorageKey.token(platform), token);
}

export function removeToken(platform: PlatformId = getPlatform()): void {
  removeStored(StorageKey.token(platform));
}

export function getUserInfo<T = Record<string, unknown>>(): T | undefined {
  return read<T>(StorageKey.userInfo);
}

export function setUserInfo(userInfo: unknown): void {
  writeStored(StorageKey.userInfo, userInfo);
}

export function removeUserInfo(): void {
  removeStored(StorageKey.userInfo);
}

export function getLanguage(): string | undefined {
  return read<string>(StorageKey.language);
}

export function setLanguage(language: string): void {
  writeStored(StorageKey.language, language);
}

export function getLanguagePack(): unknown {
  return read<unknown>(StorageKey.languagePack);
}

export function setLanguagePack(pack: unknown): void {
  writeStored(StorageKey.languagePack, pack);
}

export function getSearchHistory(): string[] {
  const value = read<unknown>(StorageKey.searchHistory);
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}

export function setSearchHistory(keywords: readonly string[]): void {
  if (keywords.length === 0) removeStored(StorageKey.searchHistory);
  else writeStored(StorageKey.searchHistory, [...keywords]);
}

export function getPendingPayments(): unknown[] {
  const value = read<unknown>(StorageKey.pendingPayments);
  return Array.isArray(value) ? value : [];
}

export function setPendingPayments(payments: readonly unknown[]): void {
  writeStored(StorageKey.pendingPayments, [...payments]);
}

/**
 * A device id generated once (by `create`: 128 random bits as hex) and kept: the order keeps it
 * for the merchant's risk review. The caller passes the generator so that only the request layer
 * imports `random` (a second importer splits it into a module of its own in the mini-programs'
 * main package, which is at its budget).
 */
export function getDeviceId(create: () => string): string {
  const existing = read<string>(StorageKey.deviceId);
  if (existing && /^[0-9a-f]{32}$/.test(existing)) return existing;
  const created = create();
  writeStored(StorageKey.deviceId, created);
  return created;
}

export function getPrivacyNoticeAgreed(platform: PlatformId = getPlatform()): string | undefined {
  return read<string>(StorageKey.privacyNotice(platform));
}

export function setPrivacyNoticeAgreed(
  version: string,
  platform: PlatformId = getPlatform(),
): void {
  writeStored(StorageKey.privacyNotice(platform), version);
}
