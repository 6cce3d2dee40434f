import { dayOf } from '@contract/lease/dates';

/** A positive integer id from the query, else undefined. */
export function parseId(value: string | undefined): number | undefined {
  if (!value || !/^\d{1,15}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
}

/**
 * Today as YYYY-MM-DD in China, the day the service dates bills by (contract/lease `dayOf`): on
 * a device in another time zone its own day called a bill due today 未到期 (from 16:00 UTC).
 */
export function today(now: Date = new Date()): string {
  return dayOf(now);
}
