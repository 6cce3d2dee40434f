import Taro from '@tarojs/taro';

export type LaunchQuery = Record<string, string>;

function stringValues(query: Record<string, unknown> | undefined): LaunchQuery {
  const result: LaunchQuery = {};
  for (const [key, value] of Object.entries(query ?? {})) {
    if (typeof value === 'string') result[key] = value;
    else if (typeof value === 'number') result[key] = String(value);
  }
  return result;
}

/**
 * The launch query on mini-programs: what App.onLaunch received, else what the host reports.
 * (`code`, `platform`, `bizId` arrive here from a QR code or a shared card.)
 */
export function getLaunchQuery(launchOptions?: { query?: Record<string, unknown> }): LaunchQuery {
  if (launchOptions?.query) return stringValues(launchOptions.query);
  try {
    return stringValues(Taro.getLaunchOptionsSync().query as Record<string, unknown>);
  } catch {
    return {};
  }
}

/** Only H5 starts with an app shell to remove (app-launch.h5.ts). */
export function dismissAppShell(): void {}
