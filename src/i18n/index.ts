/**
 * A deliberately tiny i18n: a dictionary per language, `t(key, params)` with `{name}`
 * interpolation, and a zustand-backed hook so components re-render when the language changes.
 * A library (i18next, about 40 KB) would add weight to every mini-program package for features
 * the product does not use (plurals, namespaces, lazy loading).
 */
import { useCallback } from 'react';
import { create } from 'zustand';
import {
  getLanguage as readStoredLanguage,
  setLanguage as storeLanguage,
} from '../platform/storage';
import { en } from './messages/en';
import { es } from './messages/es';
import { fr } from './messages/fr';
import { zhHans, type MessageKey, type Messages } from './messages/zh-Hans';
import { zhHant } from './messages/zh-Hant';

export type { MessageKey, Messages };

export const LANGUAGES = ['zh-Hans', 'zh-Hant', 'en', 'es', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-Hans';

export const MESSAGES: Record<Language, Messages> = {
  'zh-Hans': zhHans,
  'zh-Hant': zhHant,
  en,
  es,
  fr,
};

export type MessageParams = Record<string, string | number>;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

interface I18nState {
  language: Language;
  setLanguage: (language: Language) => void;
}

function initialLanguage(): Language {
  const stored = readStoredLanguage();
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

export const useI18nStore = create<I18nState>((set) => ({
  language: initialLanguage(),
  setLanguage: (language) => {
    if (!isLanguage(language)) return;
    storeLanguage(language);
    set({ language });
  },
}));

function interpolate(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}

/** The message in the given language, else Simplified Chinese, else the key itself. */
export function translate(language: Language, key: MessageKey, params?: MessageParams): string {
  const template = MESSAGES[language]?.[key] ?? zhHans[key] ?? key;
  return interpolate(template, params);
}

/** The message in the current language. */
export function t(key: MessageKey, params?: MessageParams): string {
  return translate(useI18nStore.getState().language, key, params);
}

export function getLanguage(): Language {
  return useI18nStore.getState().language;
}

export function setLanguage(language: Language): void {
  useI18nStore.getState().setLanguage(language);
}

/** For components: `const { t, language, setLanguage } = useTranslation();` re-renders on change. */
export function useTranslation(): {
  t: (key: MessageKey, params?: MessageParams) => string;
  language: Language;
  setLanguage: (language: Language) => void;
} {
  const language = useI18nStore((state) => state.language);
  const change = useI18nStore((state) => state.setLanguage);
  // One `t` per language: effects that list it as a dependency must not re-run (and refetch)
  // on every render.
  const t = useCallback(
    (key: MessageKey, params?: MessageParams) => translate(language, key, params),
    [language],
  );
  return { t, language, setLanguage: change };
}
