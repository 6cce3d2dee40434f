/**
 * The mini-programs' network settings (README "Ops: publishing"): the API origin every request
 * and catalogue picture goes to, and the hosts the web-view may open. WeChat and Alipay load only
 * absolute https URLs on the domains registered in each app's console, so a mini-program that is
 * published needs the origin; H5 calls its own origin and ignores it.
 *
 * Each setting is read per brand first (`TARO_APP_API_BASE_3`, for a brand on its own company's
 * domain), then shared (`TARO_APP_API_BASE`). scripts/build.ts compiles each target once and
 * writes each brand's values into its copy in place of tokens (src/brands/tokens.ts), as a JSON
 * string followed by a comment naming the setting: `"https://api.example.com"/*TARO_APP_API_BASE*\/`.
 * The artifact checks, the publish table and the e2e host read them back from there, so what they
 * judge is what the artifact calls, whatever the environment says now.
 */
import fs from 'node:fs';
import path from 'node:path';
import { NETWORK_SETTING_PLACEHOLDERS } from '../src/brands/tokens';

export type NetworkSetting = keyof typeof NETWORK_SETTING_PLACEHOLDERS;
export const API_BASE = 'TARO_APP_API_BASE' satisfies NetworkSetting;
export const WEBVIEW_HOSTS = 'TARO_APP_WEBVIEW_HOSTS' satisfies NetworkSetting;
export const NETWORK_SETTINGS = Object.keys(NETWORK_SETTING_PLACEHOLDERS) as NetworkSetting[];

/** One brand's values, '' where unset. */
export type MiniNetwork = Record<NetworkSetting, string>;
type Env = Readonly<Record<string, string | undefined>>;
type Platform = 'weapp' | 'alipay';

/** The variables one brand's setting is read from, in order: its own, then every brand's. */
export function settingVariables(setting: NetworkSetting, brand: number | string): string[] {
  return [`${setting}_${brand}`, setting];
}

/** What to set, for messages: `TARO_APP_API_BASE_3 or TARO_APP_API_BASE`. */
export function settingToSet(setting: NetworkSetting, brand: number | string): string {
  return settingVariables(setting, brand).join(' or ');
}

/** One brand's value of a setting: its own variable, else the shared one, else ''. */
export function brandSettingValue(
  setting: NetworkSetting,
  brand: number | string,
  env: Env,
): string {
  for (const variable of settingVariables(setting, brand)) {
    const value = env[variable]?.trim();
    if (value) return value;
  }
  return '';
}

export function resolveMiniNetwork(brand: number, env: Env): MiniNetwork {
  return Object.fromEntries(
    NETWORK_SETTINGS.map((setting) => [setting, brandSettingValue(setting, brand, env)]),
  ) as MiniNetwork;
}

/** Variables that only the per-brand stamping reads: a mini-program compile never depends on them. */
export function isStampedVariable(name: string): boolean {
  return NETWORK_SETTINGS.some((setting) => new RegExp(`^${setting}(_\\d+)?$`).test(name));
}

/** Writes a brand's values in place of the tokens, whichever quotes the minifier chose. */
export function stampNetwork(code: string, network: MiniNetwork): string {
  let out = code;
  for (const setting of NETWORK_SETTINGS) {
    const token = new RegExp(`(["'\`])${NETWORK_SETTING_PLACEHOLDERS[setting]}\\1`, 'g');
    out = out.replace(token, () => `${JSON.stringify(network[setting])}/*${setting}*/`);
  }
  return out;
}

const STAMPED_VALUE = /("(?:[^"\\\n]|\\.)*")\/\*(TARO_APP_[A-Z_]+)\*\//g;

/** Each setting's distinct values as stamped in `code`. */
export function readStampedNetwork(code: string): Partial<Record<NetworkSetting, string[]>> {
  const found: Partial<Record<NetworkSetting, string[]>> = {};
  for (const [, literal, name] of code.matchAll(STAMPED_VALUE)) {
    if (!(NETWORK_SETTINGS as string[]).includes(name)) continue;
    const value = JSON.parse(literal) as string;
    const values = (found[name as NetworkSetting] ??= []);
    if (!values.includes(value)) values.push(value);
  }
  return found;
}

function scripts(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return scripts(full);
    return entry.name.endsWith('.js') ? [full] : [];
  });
}

/**
 * What a built artifact calls: each setting's stamped value, and why it cannot be read (not
 * stamped at all: not built by scripts/build.ts; or two different values).
 */
export function artifactNetwork(dir: string): { network?: MiniNetwork; problems: string[] } {
  const found: Partial<Record<NetworkSetting, string[]>> = {};
  for (const file of scripts(dir)) {
    for (const [setting, values] of Object.entries(
      readStampedNetwork(fs.readFileSync(file, 'utf8')),
    ))
      for (const value of values) {
        const list = (found[setting as NetworkSetting] ??= []);
        if (!list.includes(value)) list.push(value);
      }
  }
  const problems: string[] = [];
  for (const setting of NETWORK_SETTINGS) {
    const values = found[setting] ?? [];
    if (values.length === 0)
      problems.push(`no stamped ${setting} in the scripts: not built by scripts/build.ts`);
    else if (values.length > 1)
      problems.push(`${setting} stamped with ${values.length} values: ${values.join(', ')}`);
  }
  if (problems.length) return { problems };
  return {
    network: Object.fromEntries(NETWORK_SETTINGS.map((s) => [s, found[s]![0]])) as MiniNetwork,
    problems,
  };
}

const IP_ADDRESS = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i;

/**
 * Why `value` cannot be a published mini-program's API origin (undefined: it can). WeChat's
 * server domains are https only, never an IP address or localhost, and carry no path
 * (developers.weixin.qq.com/miniprogram/dev/framework/ability/network.html); Alipay's server
 * whitelist is https only too.
 */
export function apiOriginProblem(value: string): string | undefined {
  if (!value)
    return 'is not set: every request and catalogue picture would be a relative URL, which WeChat and Alipay do not load (a relative picture is a file inside the package)';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `is ${JSON.stringify(value)}, not a URL`;
  }
  if (url.protocol !== 'https:') return `is ${value}: WeChat and Alipay call https origins only`;
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash)
    return `is ${value}: it must be an origin such as https://api.example.com, without a path`;
  if (IP_ADDRESS.test(url.hostname) || url.hostname === 'localhost')
    return `is ${value}: neither platform registers an IP address or localhost as a server domain`;
  return undefined;
}

/** The hosts the web-view may open: the setting's, else the API's own host (platform/config.ts). */
export function webViewHostsOf(network: MiniNetwork): string[] {
  const configured = network[WEBVIEW_HOSTS].split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
  if (configured.length) return configured;
  const api = /^https:\/\/([a-z0-9.-]+)(?:\/|$)/i.exec(network[API_BASE].replace(/\/+$/, ''));
  return api ? [api[1].toLowerCase()] : [];
}

/** The console lists of each platform, in the order its console shows them. */
export const CONSOLE_LISTS = {
  // 开发管理 → 开发设置 → 服务器域名 (request, uploadFile, downloadFile) and 业务域名 (web-view).
  // Pictures are downloads: a network image loads only from a downloadFile domain.
  weapp: ['request', 'uploadFile', 'downloadFile', 'web-view'],
  // 开发设置 → 服务器域名白名单 (my.request, uploadFile, downloadFile) and H5 域名 (web-view).
  alipay: ['server', 'web-view'],
} as const satisfies Record<Platform, readonly string[]>;

export type ConsoleList = (typeof CONSOLE_LISTS)[Platform][number];

/**
 * The domains each of the platform's console lists must hold for an artifact that calls
 * `network`: the API origin for every request, upload and picture; the web-view hosts as https
 * origins. An origin that cannot be published lists nothing.
 */
export function consoleDomains(
  target: Platform,
  network: MiniNetwork,
): Partial<Record<ConsoleList, string[]>> {
  // As platform/config.ts's apiBase() reads it: without trailing slashes.
  const origin = network[API_BASE].replace(/\/+$/, '');
  const api = apiOriginProblem(network[API_BASE]) ? [] : [origin];
  const webView = webViewHostsOf(network).map((host) => `https://${host}`);
  return Object.fromEntries(
    CONSOLE_LISTS[target].map((list) => [list, list === 'web-view' ? webView : api]),
  );
}
