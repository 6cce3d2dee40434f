/**
 * A deliberately tiny i18n: a dictionary per language, `t(key, params)` with `{name}`
 * interpolation, and a zustand-backed hook so components re-render when the language changes.
 * A library (i18next, about 40 KB) would add weight to every mini-program package for features
 * the product does not use (plurals, namespaces).
 *
 * Only Simplified Chinese, the default, is compiled in: every other dictionary would cost each
 * mini-program main package ~30 KB. They come from the API server (`./load.ts`), are kept in
 * storage with their version, and are installed here; until one arrives, zh-Hans shows.
 *
 * Simplified Chinese itself comes by area (contract/i18n/zh-Hans/): the shared layer's is here;
 * every other area is registered by the feature modules that show it, at their top level
 * (`registerMessages`), so it is compiled into their subpackage or route chunk rather than the
 * main package, and is in place before any of their screens renders.
 */
import { useCallback } from 'react';
import { create } from 'zustand';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from '../../contract/http';
import {
  getLanguage as readStoredLanguage,
  getLanguagePack,
  setLanguage as storeLanguage,
} from '../platform/storage';
import type { AreaMessages, MessageKey, Messages } from '../../contract/i18n/zh-Hans';
import { sharedMessages } from '../../contract/i18n/zh-Hans/shared';

export type { AreaMessages, Language, MessageKey, Messages };
export { DEFAULT_LANGUAGE, LANGUAGES, isLanguage };

export type MessageParams = Record<string, string | number>;

/** A dictionary as the server sends it and storage keeps it. */
export interface LanguagePack {
  language: Language;
  /** The server's version of this dictionary (a hash of its content). */
  version: string;
  messages: Readonly<Record<string, string>>;
  /** The version the build that fetched it expected (`./load.ts` refreshes a pack on a mismatch). */
  built?: string;
}

interface I18nState {
  /** The language on screen. */
  language: Language;
  /** Dictionaries installed this launch; zh-Hans is always there. */
  packs: Partial<Record<Language, LanguagePack>>;
}

export function isLanguagePack(value: unknown): value is LanguagePack {
  if (!value || typeof value !== 'object') return false;
  const pack = value as Partial<LanguagePack>;
  return (
    isLanguage(pack.language) &&
    typeof pack.version === 'string' &&
    !!pack.messages &&
    typeof pack.messages === 'object'
  );
}

/**
 * The stored choice, shown at once when its dictionary is stored too (zh-Hans otherwise, until
 * `restoreLanguage` fetches it). The stored dictionary is installed either way.
 */
function initialState(): I18nState {
  const stored = readStoredLanguage();
  const pack = getLanguagePack();
  const packs: I18nState['packs'] = isLanguagePack(pack) ? { [pack.language]: pack } : {};
  const shown = isLanguage(stored) && (stored === DEFAULT_LANGUAGE || packs[stored]);
  return { language: shown ? stored : DEFAULT_LANGUAGE, packs };
}

export const useI18nStore = create<I18nState>(() => initialState());

/** The Simplified Chinese messages registered so far: the shared layer's and each loaded area's. */
const zhHans: Partial<Record<MessageKey, string>> = { ...sharedMessages };

/**
 * Adds areas' Simplified Chinese. Call it at the top level of every feature module that shows an
 * area's keys (or of a module it imports), so the area is in place before its screens render
 * (src/i18n/areas.test.ts checks every module).
 */
export function registerMessages(...areas: AreaMessages[]): void {
  for (const messages of areas) Object.assign(zhHans, messages);
}

/** Adds a dictionary this launch can switch to (it does not switch). */
export function installLanguagePack(pack: LanguagePack): void {
  useI18nStore.setState((state) => ({ packs: { ...state.packs, [pack.language]: pack } }));
}

export function hasMessages(language: Language): boolean {
  return language === DEFAULT_LANGUAGE || !!useI18nStore.getState().packs[language];
}

/** The installed dictionary of `language`, if any (zh-Hans is compiled in and has none). */
export function languagePack(language: Language): LanguagePack | undefined {
  return useI18nStore.getState().packs[language];
}

/**
 * Shows `language` and keeps the choice. A language whose dictionary has not been installed is
 * refused (returns false): `chooseLanguage` in `./load.ts` fetches it first.
 */
export function setLanguage(language: Language): boolean {
  if (!isLanguage(language) || !hasMessages(language)) return false;
  storeLanguage(language);
  useI18nStore.setState({ language });
  return true;
}

/** `{name}` parts filled in from `params`; a part without a value stays visible. */
export function interpolate(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}

function lookup(
  messages: Readonly<Record<string, string>> | undefined,
  key: MessageKey,
  params?: MessageParams,
): string {
  return interpolate(messages?.[key] ?? zhHans[key] ?? key, params);
}

/** The message in the given language, else Simplified Chinese, else the key itself. */
export function translate(language: Language, key: MessageKey, params?: MessageParams): string {
  return lookup(useI18nStore.getState().packs[language]?.messages, key, params);
}

/** The message in the current language. */
export function t(key: MessageKey, params?: MessageParams): string {
  return translate(useI18nStore.getState().language, key, params);
}

export function getLanguage(): Language {
  return useI18nStore.getState().language;
}

/** For components: `const { t, language } = useTranslation();` re-renders on change. */
export function useTranslation(): {
  t: (key: MessageKey, params?: MessageParams) => string;
  language: Language;
} {
  const language = useI18nStore((state) => state.language);
  const pack = useI18nStore((state) => state.packs[state.language]);
  // One `t` per dictionary: effects that list it as a dependency must not re-run (and refetch)
  // on every render.
  const t = useCallback(
    (key: MessageKey, params?: MessageParams) => lookup(pack?.messages, key, params),
    [pack],
  );
  return { t, language };
}
