/**
 * A positive integer id from a route parameter, or 0 when it is missing or malformed. Never
 * NaN: NaN is unequal to itself, so an effect listing it as a dependency would run again on
 * every render under Preact (H5), which compares dependencies with `!==`.
 */
export function idParam(value: unknown): number {
  const id = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}
