import TestUtils from '@tarojs/test-utils-react';
import { createElement } from 'react';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  MESSAGES,
  getLanguage,
  setLanguage,
  t,
  translate,
  useTranslation,
  type Language,
} from './index';
import { zhHans } from './messages/zh-Hans';

const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();

describe('every language has every message', () => {
  const allKeys = new Set<string>();
  for (const language of LANGUAGES) Object.keys(MESSAGES[language]).forEach((k) => allKeys.add(k));

  test.each(LANGUAGES)(
    '%s has every key, each non-empty, with the same placeholders',
    (language) => {
      const messages = MESSAGES[language] as Record<string, string | undefined>;
      const missing = [...allKeys].filter((key) => !messages[key]?.trim());
      expect(missing).toEqual([]);
      for (const key of allKeys) {
        const reference = (zhHans as Record<string, string>)[key] ?? '';
        expect([key, placeholders(messages[key] ?? '')]).toEqual([key, placeholders(reference)]);
      }
    },
  );

  test('the messages this layer shows read as the product wants them', () => {
    expect(translate('zh-Hans', 'clipboard.copied')).toBe('内容已复制');
    expect(translate('zh-Hans', 'clipboard.failed')).toBe('复制失败，请手动复制');
    expect(translate('zh-Hans', 'request.loading')).toBe('请求中...');
    expect(translate('zh-Hans', 'asyncPage.timeout')).toBe('连接超时，请点击屏幕重试');
  });
});

describe('t and the language choice', () => {
  afterEach(() => setLanguage(DEFAULT_LANGUAGE));

  test('Simplified Chinese is the default', () => {
    expect(getLanguage()).toBe('zh-Hans');
    expect(t('clipboard.copied')).toBe('内容已复制');
  });

  test('interpolates {name} parameters and leaves unknown ones visible', () => {
    expect(t('phone.callFailed', { phone: '400-800-1234' })).toBe(
      '拨号失败，请手动拨打 400-800-1234',
    );
    expect(t('phone.callFailed')).toBe('拨号失败，请手动拨打 {phone}');
    expect(t('phone.callFailed', { other: 1 })).toBe('拨号失败，请手动拨打 {phone}');
  });

  test('switching language changes t and ignores unknown languages', () => {
    setLanguage('en');
    expect(t('clipboard.copied')).toBe('Content copied');
    setLanguage('de' as Language);
    expect(getLanguage()).toBe('en');
  });

  test('the choice persists across launches', () => {
    setLanguage('fr');
    jest.isolateModules(() => {
      // A fresh copy of the module reads the stored choice, as the next launch would.
      const relaunched = jest.requireActual<typeof import('./index')>('./index');
      expect(relaunched.getLanguage()).toBe('fr');
      expect(relaunched.t('request.loading')).toBe('Requête en cours...');
    });
  });

  test('a stored value that is not a language falls back to the default', () => {
    window.localStorage.setItem('language', JSON.stringify({ data: 'klingon' }));
    jest.isolateModules(() => {
      const relaunched = jest.requireActual<typeof import('./index')>('./index');
      expect(relaunched.getLanguage()).toBe('zh-Hans');
    });
  });
});

describe('useTranslation', () => {
  test('re-renders components when the language changes', async () => {
    function Label() {
      const { t: translateNow } = useTranslation();
      return createElement('span', null, translateNow('clipboard.copied'));
    }
    const testUtils = new TestUtils();
    await testUtils.mount(Label);
    expect(testUtils.html()).toContain('内容已复制');
    await testUtils.act(() => setLanguage('zh-Hant'));
    expect(testUtils.html()).toContain('內容已複製');
    await testUtils.act(() => setLanguage('es'));
    expect(testUtils.html()).toContain('Contenido copiado');
    testUtils.unmout();
    setLanguage(DEFAULT_LANGUAGE);
  });
});
