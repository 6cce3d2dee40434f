import TestUtils from '@tarojs/test-utils-react';
import { Text } from '@tarojs/components';
import { useEffect, useState } from 'react';
import { installLanguagePack, setLanguage, useTranslation } from './index';
import { packOf } from '../../contract/i18n';

const testUtils = new TestUtils();

afterEach(() => {
  testUtils.unmout();
  setLanguage('zh-Hans');
});

it('keeps one t per language, so an effect that depends on it runs once, not every render', async () => {
  const effectRuns: string[] = [];
  const seen = new Set<unknown>();
  let rerender: () => void = () => undefined;
  function Probe() {
    const { t } = useTranslation();
    const [, setTick] = useState(0);
    rerender = () => setTick((n) => n + 1);
    seen.add(t);
    useEffect(() => {
      effectRuns.push(t('common.ok'));
    }, [t]);
    return <Text>{t('common.ok')}</Text>;
  }
  await testUtils.mount(Probe);
  for (let i = 0; i < 3; i += 1) {
    await testUtils.act(async () => rerender());
  }
  expect(seen.size).toBe(1);
  expect(effectRuns).toHaveLength(1);
  await testUtils.act(async () => {
    installLanguagePack(packOf('en'));
    setLanguage('en');
  });
  expect(seen.size).toBe(2);
  expect(effectRuns).toHaveLength(2);
  expect(effectRuns[1]).not.toBe(effectRuns[0]);
});
