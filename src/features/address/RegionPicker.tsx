import { ScrollView, Text, View } from '@tarojs/components';
import { useState } from 'react';
import { registerMessages, useTranslation } from '../../i18n';
import { accountMessages } from '@contract/i18n/zh-Hans/account';
import { citiesOf, districtsOf, provinces, type Region } from './regions';

registerMessages(accountMessages);

type Level = 0 | 1 | 2;

export interface RegionPickerProps {
  /** What is chosen now (to start from); undefined for a new address. */
  value?: Region;
  onChange: (region: Region) => void;
  onClose: () => void;
}

/**
 * Province, then city, then district, in a bottom sheet: one list at a time, with the choices so
 * far as tabs to step back. Lists of names with 44 px rows work the same on every target (the
 * native multi-column picker scrolls differently per host and is hard to use on H5).
 */
export function RegionPicker({ value, onChange, onClose }: RegionPickerProps) {
  const { t } = useTranslation();
  const [path, setPath] = useState<string[]>(value ? [value.province, value.city] : []);
  const [level, setLevel] = useState<Level>(value ? 2 : 0);

  const options =
    level === 0 ? provinces() : level === 1 ? citiesOf(path[0]) : districtsOf(path[0], path[1]);
  const labels = [
    t('account.address.province'),
    t('account.address.city'),
    t('account.address.district'),
  ];
  const selected = level === 2 ? value?.district : path[level];

  const choose = (name: string) => {
    if (level === 2) {
      onChange({ province: path[0], city: path[1], district: name });
      return;
    }
    setPath([...path.slice(0, level), name]);
    setLevel((level + 1) as Level);
  };

  return (
    <View className="region-picker" role="dialog" aria-label={t('account.address.region')}>
      <View className="region-picker__mask" onClick={onClose} />
      <View className="region-picker__sheet">
        <View className="region-picker__head">
          <Text className="region-picker__title">{t('account.address.region')}</Text>
          <View
            className="region-picker__close"
            role="button"
            aria-label={t('common.cancel')}
            onClick={onClose}
          >
            <Text>×</Text>
          </View>
        </View>
        <View className="region-picker__tabs" role="tablist">
          {([0, 1, 2] as Level[])
            .filter((tab) => tab <= path.length)
            .map((tab) => (
              <View
                key={tab}
                role="tab"
                aria-selected={tab === level}
                className={`region-picker__tab${tab === level ? ' region-picker__tab--on' : ''}`}
                onClick={() => setLevel(tab)}
              >
                <Text>{tab < path.length ? path[tab] : labels[tab]}</Text>
              </View>
            ))}
        </View>
        <ScrollView className="region-picker__list" scrollY>
          {options.map((name) => (
            <View
              key={name}
              role="option"
              aria-selected={name === selected}
              className={`region-picker__option${name === selected ? ' region-picker__option--on' : ''}`}
              onClick={() => choose(name)}
            >
              <Text>{name}</Text>
            </View>
          ))}
        </ScrollView>
      </View>
    </View>
  );
}
