import TestUtils from '@tarojs/test-utils-react';
import { createElement } from 'react';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  getLanguage,
  installLanguagePack,
  registerMessages,
  setLanguage,
  t,
  translate,
  useTranslation,
  type Language,
} from './index';
import { ALL_MESSAGES, packOf } from '../../contract/i18n';
import { customerServiceMessages } from '../../contract/i18n/zh-Hans/customer-service';
import { setLanguagePack } from '../platform/storage';

// phone.callFailed, whose placeholder the interpolation tests use, is the service tab's.
registerMessages(customerServiceMessages);

/** The dictionaries the server would have sent this launch. */
function installAll(): void {
  for (const language of LANGUAGES)
    if (language !== DEFAULT_LANGUAGE) installLanguagePack(packOf(language));
}

const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();

/** A wallet's modal button label in its own units: a Chinese character counts 2, at most 8. */
const modalUnits = (text: string) => text.replace(/[\u0391-\uFFE5]/g, 'aa').length;

describe("dialog buttons fit the wallets' modals (4 Chinese characters)", () => {
  // Taro's showModal (and WeChat's) refuses a longer label, and the dialog never shows.
  test.each(LANGUAGES)('%s', (language) => {
    const messages = ALL_MESSAGES[language] as Record<string, string>;
    for (const key of ['order.earlyReturn.dialogConfirm', 'order.keep'])
      expect([key, modalUnits(messages[key])]).toEqual([
        key,
        Math.min(8, modalUnits(messages[key])),
      ]);
  });
});

describe('every language has every message', () => {
  const allKeys = new Set<string>();
  for (const language of LANGUAGES)
    Object.keys(ALL_MESSAGES[language]).forEach((k) => allKeys.add(k));

  test.each(LANGUAGES)(
    '%s has every key, each non-empty, with the same placeholders',
    (language) => {
      const messages = ALL_MESSAGES[language] as Record<string, string | undefined>;
      const missing = [...allKeys].filter((key) => !messages[key]?.trim());
      expect(missing).toEqual([]);
      for (const key of allKeys) {
        const reference = (ALL_MESSAGES[DEFAULT_LANGUAGE] as Record<string, string>)[key] ?? '';
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
  beforeEach(installAll);
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
    expect(setLanguage('en')).toBe(true);
    expect(t('clipboard.copied')).toBe('Content copied');
    expect(setLanguage('de' as Language)).toBe(false);
    expect(getLanguage()).toBe('en');
  });

  test('a message missing from a served dictionary falls back to Simplified Chinese', () => {
    const { 'clipboard.copied': _dropped, ...rest } = packOf('fr').messages;
    installLanguagePack({ ...packOf('fr'), messages: rest });
    setLanguage('fr');
    expect(t('clipboard.copied')).toBe('内容已复制');
    expect(t('clipboard.failed')).toBe('Échec de la copie, veuillez copier manuellement');
  });
});

describe('the next launch', () => {
  afterEach(() => setLanguage(DEFAULT_LANGUAGE));

  const relaunch = (check: (fresh: typeof import('./index')) => void) =>
    jest.isolateModules(() => {
      // A fresh copy of the module reads storage, as the next launch would.
      check(jest.requireActual<typeof import('./index')>('./index'));
    });

  test('shows the stored language at once when its dictionary is stored too', () => {
    installAll();
    setLanguage('fr');
    setLanguagePack(packOf('fr'));
    relaunch((fresh) => {
      expect(fresh.getLanguage()).toBe('fr');
      expect(fresh.t('request.loading')).toBe('Requête en cours...');
    });
  });

  test('shows Simplified Chinese while the stored language has no stored dictionary', () => {
    installAll();
    setLanguage('fr');
    relaunch((fresh) => {
      expect(fresh.getLanguage()).toBe('zh-Hans');
      expect(fresh.setLanguage('fr')).toBe(false);
    });
  });

  test('a stored value that is not a language falls back to the default', () => {
    window.localStorage.setItem('language', JSON.stringify({ data: 'klingon' }));
    relaunch((fresh) => expect(fresh.getLanguage()).toBe('zh-Hans'));
  });
});

describe('useTranslation', () => {
  test('re-renders components when the language changes', async () => {
    function Label() {
      const { t: translateNow } = useTranslation();
      return createElement('span', null, translateNow('clipboard.copied'));
    }
    installAll();
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
