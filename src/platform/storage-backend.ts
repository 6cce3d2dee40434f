import Taro from '@tarojs/taro';

/**
 * The key-value store under platform/storage.ts: the host's sync storage (wx/my storage on the
 * mini-programs). H5 reads localStorage itself (storage-backend.h5.ts).
 */
export function readStored(key: string): unknown {
  try {
    const value: unknown = Taro.getStorageSync(key);
    // Taro returns '' for a missing key on every target.
    return value === '' || value === null ? undefined : value;
  } catch {
    return undefined;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    Taro.setStorageSync(key, value);
  } catch {
    // Storage full or unavailable: the value lives for this launch only.
  }
}

export function removeStored(key: string): void {
  try {
    Taro.removeStorageSync(key);
  } catch {
    // Nothing to remove.
  }
}
