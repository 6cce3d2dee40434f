/**
 * The console's language. Chinese first, English available: every text on a screen is written
 * as a pair at the place it is shown, `t('待审核', 'Pending review')`, so a screen reads in one
 * file and no key can go missing. The choice is kept in localStorage for the next visit.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export type Language = 'zh' | 'en';

const STORAGE_KEY = 'admin-language';

function initialLanguage(): Language {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'en' ? 'en' : 'zh';
  } catch {
    return 'zh'; // storage refused (private mode): Chinese
  }
}

interface LanguageState {
  language: Language;
  setLanguage: (language: Language) => void;
}

const LanguageContext = createContext<LanguageState>({ language: 'zh', setLanguage: () => {} });

export function LanguageProvider({ children }: { children: (language: Language) => ReactNode }) {
  const [language, setState] = useState<Language>(initialLanguage);
  const setLanguage = useCallback((next: Language) => {
    setState(next);
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // not kept: the choice still holds for this visit
    }
  }, []);
  const value = useMemo(() => ({ language, setLanguage }), [language, setLanguage]);
  return <LanguageContext.Provider value={value}>{children(language)}</LanguageContext.Provider>;
}

export function useLanguage(): LanguageState {
  return useContext(LanguageContext);
}

/** `t(zh, en)`: the text in the console's current language. */
export function useText(): (zh: string, en: string) => string {
  const { language } = useContext(LanguageContext);
  return useCallback((zh: string, en: string) => (language === 'en' ? en : zh), [language]);
}
