import type { Envelope } from '../../contract/http';
import { getLanguage as storedLanguage, getLanguagePack, setLanguage } from '../platform/storage';
import { packOf } from '../../contract/i18n';
import type { Language, LanguagePack } from './index';

jest.mock('../api/i18n', () => ({ fetchLanguagePack: jest.fn() }));
jest.mock('../platform/ui', () => ({ showToast: jest.fn(() => Promise.resolve(true)) }));

type Reply = Envelope<LanguagePack | null>;
const served = (language: Language): Reply => ({
  code: 200,
  msg: 'success',
  data: packOf(language),
});
const failed: Reply = { code: 5, msg: '', data: null };

/** A reply the test releases when it wants: the user sees the screen in between. */
function deferred() {
  let release: (reply: Reply) => void = () => undefined;
  const promise = new Promise<Reply>((resolve) => (release = resolve));
  return { promise, release };
}

/**
 * One launch of the app: fresh modules that read storage as a new launch does, with the server's
 * replies and the toasts under the test's control.
 */
function launch(reply: (language: Language, v?: string) => Promise<Reply>) {
  let app!: {
    i18n: typeof import('./index');
    load: typeof import('./load');
    fetch: jest.Mock;
    toast: jest.Mock;
  };
  jest.isolateModules(() => {
    const fetch = (require('../api/i18n') as { fetchLanguagePack: jest.Mock }).fetchLanguagePack;
    fetch.mockImplementation(reply);
    app = {
      i18n: require('./index') as typeof import('./index'),
      load: require('./load') as typeof import('./load'),
      fetch,
      toast: (require('../platform/ui') as { showToast: jest.Mock }).showToast,
    };
  });
  return app;
}

const BUILT = 'I18N_VERSIONS' as const;
afterEach(() => {
  delete (globalThis as Record<string, unknown>)[BUILT];
});

describe('choosing a language', () => {
  test('shows it once its dictionary arrives, keeps zh-Hans until then, and remembers both', async () => {
    const reply = deferred();
    const app = launch(() => reply.promise);
    const chosen = app.load.chooseLanguage('en');
    expect(app.fetch).toHaveBeenCalledWith('en', undefined, true);
    expect(app.i18n.t('common.ok')).toBe('确定');
    reply.release(served('en'));
    expect(await chosen).toBe(true);
    expect(app.i18n.getLanguage()).toBe('en');
    expect(app.i18n.t('common.ok')).toBe('OK');
    expect(storedLanguage()).toBe('en');
    expect(getLanguagePack()).toMatchObject({ language: 'en', version: packOf('en').version });
  });

  test('asks for the version this build was compiled with', async () => {
    (globalThis as Record<string, unknown>)[BUILT] = { fr: packOf('fr').version };
    const app = launch(async () => served('fr'));
    await app.load.chooseLanguage('fr');
    expect(app.fetch).toHaveBeenCalledWith('fr', packOf('fr').version, true);
  });

  test('a failed fetch keeps the current language and tells the user', async () => {
    const app = launch(async () => failed);
    expect(await app.load.chooseLanguage('es')).toBe(false);
    expect(app.i18n.getLanguage()).toBe('zh-Hans');
    expect(storedLanguage()).toBeUndefined();
    expect(app.toast).toHaveBeenCalledWith('Español加载失败，请稍后再试');
  });

  test('the last choice wins when an earlier dictionary arrives after it', async () => {
    const replies: Partial<Record<Language, ReturnType<typeof deferred>>> = {
      en: deferred(),
      fr: deferred(),
    };
    const app = launch((language) => replies[language]!.promise);
    const first = app.load.chooseLanguage('en');
    const second = app.load.chooseLanguage('fr');
    replies.fr!.release(served('fr'));
    expect(await second).toBe(true);
    replies.en!.release(served('en'));
    expect(await first).toBe(false);
    expect(app.i18n.getLanguage()).toBe('fr');
    expect(storedLanguage()).toBe('fr');
    // English arrived all the same: choosing it now needs no second trip.
    expect(await app.load.chooseLanguage('en')).toBe(true);
    expect(app.fetch).toHaveBeenCalledTimes(2);
  });

  test('back to Simplified Chinese needs no network', async () => {
    const app = launch(async () => served('en'));
    await app.load.chooseLanguage('en');
    expect(await app.load.chooseLanguage('zh-Hans')).toBe(true);
    expect(app.i18n.t('common.ok')).toBe('确定');
    expect(app.fetch).toHaveBeenCalledTimes(1);
  });
});

describe('the next launch', () => {
  test('shows the stored language at once from storage, without a request', async () => {
    (globalThis as Record<string, unknown>)[BUILT] = { en: packOf('en').version };
    await launch(async () => served('en')).load.chooseLanguage('en');

    const next = launch(async () => failed);
    expect(next.i18n.t('common.ok')).toBe('OK');
    await next.load.restoreLanguage();
    expect(next.fetch).not.toHaveBeenCalled();
    expect(next.toast).not.toHaveBeenCalled();
  });

  test('fetches the stored language when storage lost its dictionary, zh-Hans until it comes', async () => {
    setLanguage('es');
    const reply = deferred();
    const app = launch(() => reply.promise);
    const restored = app.load.restoreLanguage();
    expect(app.i18n.getLanguage()).toBe('zh-Hans');
    expect(app.fetch).toHaveBeenCalledWith('es', undefined, false);
    reply.release(served('es'));
    await restored;
    expect(app.i18n.getLanguage()).toBe('es');
    expect(getLanguagePack()).toMatchObject({ language: 'es' });
  });

  test('a failed fetch at launch keeps zh-Hans, says so, and tries again next launch', async () => {
    setLanguage('fr');
    const app = launch(async () => failed);
    await app.load.restoreLanguage();
    expect(app.i18n.getLanguage()).toBe('zh-Hans');
    expect(app.toast).toHaveBeenCalledWith('Français加载失败，请稍后再试');
    expect(storedLanguage()).toBe('fr');
  });

  test('a dictionary stored by an older build shows at once and is replaced by the new one', async () => {
    (globalThis as Record<string, unknown>)[BUILT] = { en: 'old00000' };
    const old = { ...served('en'), data: { ...packOf('en'), messages: { 'common.ok': 'Okay' } } };
    await launch(async () => old).load.chooseLanguage('en');

    (globalThis as Record<string, unknown>)[BUILT] = { en: packOf('en').version };
    const next = launch(async () => served('en'));
    expect(next.i18n.t('common.ok')).toBe('Okay');
    await next.load.restoreLanguage();
    expect(next.fetch).toHaveBeenCalledWith('en', packOf('en').version, false);
    expect(next.i18n.t('common.ok')).toBe('OK');
    expect(getLanguagePack()).toMatchObject({ built: packOf('en').version });
  });
});
