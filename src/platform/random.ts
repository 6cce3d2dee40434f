/** 128 random bits as 32 hex characters, from the best source the target offers. */
export function randomHex128(): string {
  const bytes = new Uint8Array(16);
  // NOTE(weapp/alipay): `typeof`, not globalThis: older base libraries have neither `crypto`
  // nor `globalThis`.
  const cryptoApi = typeof crypto !== 'undefined' ? crypto : undefined;
  if (typeof cryptoApi?.getRandomValues === 'function') {
    cryptoApi.getRandomValues(bytes);
  } else {
    // Math.random is the fallback there: these ids tell devices and requests apart, they guard
    // nothing secret.
    for (let i = 0; i < bytes.length; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  }
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
