import dayjs, { type ConfigType } from 'dayjs';

const JUST_NOW_MS = 5 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const DAYS_BEFORE_MONTHS = 30;

/**
 * "How long ago", in Chinese as the product shows it: under 5 minutes 刚刚, then minutes, hours,
 * days up to 30 days, then months, then years. A time in the future (a server clock ahead of the
 * phone's) reads 刚刚; an unparseable value gives ''.
 */
export function timeFrom(value: ConfigType, now: ConfigType = Date.now()): string {
  if (value === null || value === undefined || value === '') return '';
  const then = dayjs(value);
  const current = dayjs(now);
  if (!then.isValid() || !current.isValid()) return '';
  const elapsed = current.valueOf() - then.valueOf();
  if (elapsed < JUST_NOW_MS) return '刚刚';
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)}分钟前`;
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}小时前`;
  if (elapsed < DAYS_BEFORE_MONTHS * DAY_MS) return `${Math.floor(elapsed / DAY_MS)}天前`;
  const months = Math.max(1, current.diff(then, 'month'));
  if (months < 12) return `${months}个月前`;
  return `${Math.floor(months / 12)}年前`;
}
