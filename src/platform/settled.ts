/**
 * Whether a Taro navigation call went through: its promise resolves true, a rejection (stack
 * full, unknown page) or a synchronous throw (no page, as in tests) false.
 */
export function settled(call: () => unknown): Promise<boolean> {
  try {
    return Promise.resolve(call()).then(
      () => true,
      () => false,
    );
  } catch {
    return Promise.resolve(false);
  }
}
