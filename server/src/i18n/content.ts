/**
 * The server's own content in the user's language. A request names it in `X-Language` (the
 * storefront sends one of contract/http's LANGUAGES when it is not Simplified Chinese); every
 * reply's `data` then has each text of ./content-sources.ts in that language: English, Spanish
 * and French from ./content/, Traditional Chinese converted with OpenCC (Taiwan phrases).
 * Any other string (goods, addresses, what users typed, ops staff's notes) is data and passes
 * unchanged, so nothing a user wrote is rewritten, and a text no dictionary has stays Chinese.
 */
import { Converter } from 'opencc-js/cn2t';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../contract/http.ts';
import { contentSources } from './content-sources.ts';
import { en } from './content/en.ts';
import { es } from './content/es.ts';
import { fr } from './content/fr.ts';

export type Translate = (text: string) => string;

/** `X-Language` as the storefront sends it: one of LANGUAGES; anything else is zh-Hans. */
export function requestLanguage(header: string | string[] | undefined): Language {
  const value = Array.isArray(header) ? header[0] : header;
  return LANGUAGES.find((language) => language === value?.trim()) ?? DEFAULT_LANGUAGE;
}

/** A dictionary's keys with `{name}` parts, as patterns that fill the translation's parts in. */
interface Template {
  pattern: RegExp;
  names: string[];
  translation: string;
}

function templatesOf(dictionary: Record<string, string>): Template[] {
  return Object.entries(dictionary)
    .filter(([source]) => /\{\w+\}/.test(source))
    .map(([source, translation]) => {
      const names: string[] = [];
      const pattern = source
        .split(/(\{\w+\})/)
        .map((part) => {
          const name = /^\{(\w+)\}$/.exec(part)?.[1];
          if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          names.push(name);
          return '(.+?)';
        })
        .join('');
      return { pattern: new RegExp(`^${pattern}$`), names, translation };
    });
}

function dictionaryTranslator(dictionary: Record<string, string>): Translate {
  const templates = templatesOf(dictionary);
  return (text) => {
    const exact = dictionary[text];
    if (exact !== undefined) return exact;
    for (const { pattern, names, translation } of templates) {
      const match = pattern.exec(text);
      if (!match) continue;
      return names.reduce((out, name, i) => out.replace(`{${name}}`, match[i + 1]), translation);
    }
    return text;
  };
}

function traditionalTranslator(): Translate {
  const convert = Converter({ from: 'cn', to: 'twp' });
  const known = new Set(contentSources());
  const templates = templatesOf(Object.fromEntries([...known].map((text) => [text, text])));
  const cache = new Map<string, string>();
  return (text) => {
    if (!known.has(text) && !templates.some((template) => template.pattern.test(text))) return text;
    let converted = cache.get(text);
    if (converted === undefined) {
      converted = convert(text);
      cache.set(text, converted);
    }
    return converted;
  };
}

const DICTIONARIES: Record<Exclude<Language, 'zh-Hans' | 'zh-Hant'>, Record<string, string>> = {
  en,
  es,
  fr,
};

const translators = new Map<Language, Translate>();

export function contentTranslator(language: Language): Translate | undefined {
  if (language === 'zh-Hans') return undefined;
  let translate = translators.get(language);
  if (!translate) {
    translate =
      language === 'zh-Hant'
        ? traditionalTranslator()
        : dictionaryTranslator(DICTIONARIES[language]);
    translators.set(language, translate);
  }
  return translate;
}

/** A copy of `value` with every string translated (objects and arrays walked). */
export function translateDeep(value: unknown, translate: Translate): unknown {
  if (typeof value === 'string') return translate(value);
  if (Array.isArray(value)) return value.map((item) => translateDeep(item, translate));
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, translateDeep(item, translate)]),
    );
  }
  return value;
}
