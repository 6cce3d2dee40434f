/**
 * Money is integer fen everywhere (database, contract, stores); it becomes yuan only for display.
 * No thousands separators: the screens show short sums and the brief's examples have none.
 */
export function formatMoney(fen: number | string | null | undefined): string {
  if (fen === null || fen === undefined) return '0';
  const text = typeof fen === 'string' ? fen.trim() : fen;
  if (text === '') return '0';
  const value = Number(text);
  if (!Number.isFinite(value)) return '0';
  // Fractional fen cannot be paid; round to the nearest fen rather than show a third decimal.
  const whole = Math.round(value);
  const sign = whole < 0 ? '-' : '';
  const abs = Math.abs(whole);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
