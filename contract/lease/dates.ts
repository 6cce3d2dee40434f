/**
 * Calendar days of a lease, as 'YYYY-MM-DD' strings (no time zone can shift a day that is only a
 * string). The service runs on Beijing days: `dayOf` turns an instant into one.
 */

/** A period is one month or one day. */
export type TermUnit = 'month' | 'day';

/** 'YYYY-MM-DD' of a date's UTC calendar day. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The calendar day in China (UTC+8) of an instant. */
export function dayOf(instant: Date): string {
  return isoDay(new Date(instant.getTime() + 8 * 3600_000));
}

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return isoDay(date);
}

/** Same day n months later, clamped to the month's end (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0));
  target.setUTCDate(Math.min(d, last.getUTCDate()));
  return isoDay(target);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** `count` periods after `start` (months keep the day, clamped to the month's end). */
export function afterPeriods(unit: TermUnit, start: string, count: number): string {
  return unit === 'month' ? addMonths(start, count) : addDays(start, count);
}

/** Due date of period k (1-based) for rent starting on `start`: rent is paid in advance. */
export function periodDue(unit: TermUnit, start: string, period: number): string {
  return afterPeriods(unit, start, period - 1);
}

/** Last day of rent for `periods` periods starting on `start`. */
export function endOf(unit: TermUnit, start: string, periods: number): string {
  return addDays(afterPeriods(unit, start, periods), -1);
}

/** Rent starts the day after receipt (shipping days are free). */
export function rentStartAfterReceipt(receivedOn: string): string {
  return addDays(receivedOn, 1);
}
