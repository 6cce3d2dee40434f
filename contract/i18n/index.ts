/**
 * All five dictionaries, for the API server (which serves them: GET /api/i18n/messages), the
 * build (which compiles their versions into the app) and the tests. The storefront's own code
 * never imports this file: only zh-Hans is compiled into its packages, area by area (see
 * src/i18n/index.ts).
 */
import { ERROR_MESSAGES } from '../errors';
import { LANGUAGES, type Language } from '../http';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { zhHans, type Messages, type ServerErrorKey } from './zh-Hans';
import { zhHant } from './zh-Hant';

/**
 * Simplified Chinese as served: the compiled-in dictionary and, for every server code, the
 * server's own text (contract/errors.ts), so the two cannot drift apart.
 */
const zhHansServed: Messages = {
  ...(Object.fromEntries(
    Object.entries(ERROR_MESSAGES).map(([reason, text]) => [`serverError.${reason}`, text]),
  ) as Record<ServerErrorKey, string>),
  ...zhHans,
};

export const ALL_MESSAGES: Record<Language, Messages> = {
  'zh-Hans': zhHansServed,
  'zh-Hant': zhHant,
  en,
  es,
  fr,
};

/** A dictionary's version: FNV-1a (32 bits) of its JSON, as 8 hex digits. */
export function messagesVersion(messages: Readonly<Record<string, string>>): string {
  const text = JSON.stringify(messages);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** `language`'s dictionary as GET /api/i18n/messages sends it. */
export function packOf(language: Language): {
  language: Language;
  version: string;
  messages: Messages;
} {
  const messages = ALL_MESSAGES[language];
  return { language, version: messagesVersion(messages), messages };
}

/** Every language's version, as the build compiles them in (config/index.ts `I18N_VERSIONS`). */
export function messagesVersions(): Record<Language, string> {
  const versions = {} as Record<Language, string>;
  for (const language of LANGUAGES) versions[language] = packOf(language).version;
  return versions;
}
