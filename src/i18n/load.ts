/**
 * Dictionaries other than zh-Hans come from the API server (GET /api/i18n/messages, built from
 * contract/i18n/*.ts). The chosen one is kept in storage with its version, so the next launch shows
 * it at once (./index.ts); until one arrives the current language stays on screen, and a failed
 * fetch says so.
 */
import { ResultCode } from '../../contract/http';
import { fetchLanguagePack } from '../api/i18n';
import { getLanguage as readStoredLanguage, setLanguagePack } from '../platform/storage';
import { showToast } from '../platform/ui';
import {
  DEFAULT_LANGUAGE,
  installLanguagePack,
  isLanguage,
  isLanguagePack,
  languagePack,
  setLanguage,
  t,
  type Language,
  type LanguagePack,
} from './index';

declare const I18N_VERSIONS: Partial<Record<Language, string>> | undefined;

/** Each dictionary's version this build was compiled with (config/index.ts); none in unit tests. */
const BUILT_VERSIONS = typeof I18N_VERSIONS === 'object' ? I18N_VERSIONS : undefined;

function builtVersion(language: Language): string | undefined {
  return BUILT_VERSIONS?.[language];
}

/** Bumped by every choice: a dictionary that arrives after a later choice is kept, not shown. */
let latestChoice = 0;

async function fetchPack(language: Language, loading: boolean): Promise<LanguagePack | undefined> {
  const built = builtVersion(language);
  const reply = await fetchLanguagePack(language, built, loading);
  const pack: unknown = reply.data;
  if (reply.code !== ResultCode.OK || !isLanguagePack(pack) || pack.language !== language)
    return undefined;
  return { ...pack, built };
}

/** Fetches `language`'s dictionary and shows it, unless another choice came meanwhile. */
async function fetchAndShow(language: Language, loading: boolean): Promise<boolean> {
  const choice = (latestChoice += 1);
  const pack = await fetchPack(language, loading);
  if (!pack) {
    if (choice === latestChoice)
      void showToast(t('language.loadFailed', { language: t(`language.${language}`) }));
    return false;
  }
  installLanguagePack(pack);
  if (choice !== latestChoice) return false;
  setLanguagePack(pack);
  return setLanguage(language);
}

/** A stored dictionary an older build fetched: shown meanwhile, replaced when the new one comes. */
async function refreshIfStale(language: Language): Promise<void> {
  const pack = languagePack(language);
  if (!pack || pack.built === builtVersion(language)) return;
  const fresh = await fetchPack(language, false);
  if (!fresh) return;
  installLanguagePack(fresh);
  setLanguagePack(fresh);
}

/**
 * The user picked `language`: shown at once when its dictionary is at hand, else when it arrives.
 * Resolves whether `language` is on screen.
 */
export async function chooseLanguage(language: Language): Promise<boolean> {
  const pack = languagePack(language);
  if (language !== DEFAULT_LANGUAGE && !pack) return fetchAndShow(language, true);
  latestChoice += 1;
  if (pack) setLanguagePack(pack);
  const shown = setLanguage(language);
  if (pack) void refreshIfStale(language);
  return shown;
}

/**
 * At launch: the stored language's dictionary when storage does not have it (zh-Hans shows until
 * it arrives), or a newer one when this build expects another version.
 */
export async function restoreLanguage(): Promise<void> {
  const stored = readStoredLanguage();
  if (!isLanguage(stored) || stored === DEFAULT_LANGUAGE) return;
  if (languagePack(stored)) return refreshIfStale(stored);
  await fetchAndShow(stored, false);
}
