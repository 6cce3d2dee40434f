/**
 * The online chat of the brands that offer one (their record's `onlineChat`, brand 9): the script
 * of the chat provider each brand configures, `CHAT_SCRIPT_URL_<brand>`. The storefront loads it
 * on H5 and drives it through `window.onlineServiceChat` (`open()`, `close()`); a provider whose
 * own loader has another interface is wrapped by a few lines of adapter hosted beside it.
 *
 * Without a configured script, development serves the built-in demo (`src/static/chat/`), which
 * says it is one and sends nothing anywhere; production refuses to start (config.ts).
 */
import { BRAND_RECORDS } from '../../../contract/brands/records.ts';
import { PLATFORM_IDS, type PlatformId } from '../../../contract/http.ts';
import type { OnlineChat } from '../../../contract/api/service.ts';

/** The development stand-in, served with the H5 app. */
export const DEMO_CHAT_SCRIPT = '/static/chat/online-service.js';

export type ChatScripts = Partial<Record<PlatformId, string>>;

export function offersOnlineChat(platform: PlatformId): boolean {
  return Boolean(BRAND_RECORDS.find((brand) => brand.id === platform)?.onlineChat);
}

export function chatScriptVariable(platform: PlatformId): string {
  return `CHAT_SCRIPT_URL_${platform}`;
}

/**
 * Each brand's configured script: an absolute http(s) URL, or a path on this server. Problems
 * (a value that is neither) are thrown by the caller's config reader.
 */
export function chatScriptsFrom(env: NodeJS.ProcessEnv): {
  scripts: ChatScripts;
  problems: string[];
} {
  const scripts: ChatScripts = {};
  const problems: string[] = [];
  for (const platform of PLATFORM_IDS) {
    const variable = chatScriptVariable(platform);
    const value = env[variable]?.trim();
    if (!value) continue;
    if (!/^(https?:\/\/[^/\s]+|\/(?!\/))\S*$/.test(value)) {
      problems.push(`${variable} must be the chat provider's script URL (https://…) or a path`);
      continue;
    }
    scripts[platform] = value;
  }
  return { scripts, problems };
}

/** The distinct origins of the configured scripts that are not on this server (for the CSP). */
export function chatProviderOrigins(scripts: ChatScripts): string[] {
  const origins = Object.values(scripts)
    .filter((url): url is string => Boolean(url) && /^https?:\/\//.test(url))
    .map((url) => new URL(url).origin);
  return [...new Set(origins)];
}

/** What production needs: an https script for each brand that offers chat. */
export function chatScriptProblems(scripts: ChatScripts): string[] {
  return PLATFORM_IDS.filter(
    (platform) => offersOnlineChat(platform) && !scripts[platform]?.startsWith('https://'),
  ).map(
    (platform) =>
      `${chatScriptVariable(platform)} must be the https URL of brand ${platform}'s chat provider script (its online chat would otherwise be the development demo)`,
  );
}

/** The brand's chat, or undefined when it offers none (or, in production, has none configured). */
export function onlineChat(
  scripts: ChatScripts,
  platform: PlatformId,
  production: boolean,
): OnlineChat | undefined {
  if (!offersOnlineChat(platform)) return undefined;
  const configured = scripts[platform];
  if (configured) return { scriptUrl: configured, demo: false };
  return production ? undefined : { scriptUrl: DEMO_CHAT_SCRIPT, demo: true };
}
