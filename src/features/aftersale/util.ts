/** A positive integer id from the query, else undefined. */
export function parseId(value: string | undefined): number | undefined {
  if (!value || !/^\d{1,15}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
}

/** The order's return waybill is stored as `<courier code>:<number>`. */
export function splitWaybill(value: string | null): { courier?: string; number: string } | null {
  if (!value) return null;
  const at = value.indexOf(':');
  return at < 0
    ? { number: value }
    : { courier: value.slice(0, at).toUpperCase(), number: value.slice(at + 1) };
}

/** The server's waybill rule: 6-30 letters or digits. */
export function isWaybill(value: string): boolean {
  return /^[A-Za-z0-9]{6,30}$/.test(value);
}

/** The server's courier code rule is lower case; the catalogue's codes are upper case. */
export function courierCode(code: string): string {
  return code.toLowerCase();
}
