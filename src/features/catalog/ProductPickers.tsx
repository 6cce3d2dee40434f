import { Text, View } from '@tarojs/components';
import type { GoodsInfo, GoodsPlan, GoodsSku } from '@contract/api/goods';
import { registerMessages, useTranslation, type MessageKey } from '../../i18n';
import { catalogMessages } from '@contract/i18n/zh-Hans/catalog';
import { openPage } from '../../platform/open-page';
import { formatMoney } from '../../utils';
import {
  choose,
  SKU_DIMENSIONS,
  type SkuChoice,
  type SkuDimension,
  type SkuOption,
} from './pricing';

registerMessages(catalogMessages);

const DIMENSION_LABEL: Record<SkuDimension, MessageKey> = {
  color: 'catalog.colour',
  capacity: 'catalog.capacity',
  condition: 'catalog.condition',
};

export function planLabel(
  t: (key: MessageKey, params?: Record<string, string | number>) => string,
  plan: GoodsPlan,
): string {
  return t(plan.termUnit === 'day' ? 'catalog.termDays' : 'catalog.termMonths', {
    term: plan.term,
  });
}

/** Colour, capacity and condition: options no SKU offers with the rest of the choice are off. */
export function SkuPicker({
  goods,
  choice,
  options,
  sku,
  onChoose,
}: {
  goods: GoodsInfo;
  choice: SkuChoice;
  options: Record<SkuDimension, SkuOption[]>;
  sku: GoodsSku | undefined;
  onChoose: (update: (current: SkuChoice) => SkuChoice) => void;
}) {
  const { t } = useTranslation();
  return (
    <View className="card picker" role="group" aria-label={t('catalog.specs')}>
      {SKU_DIMENSIONS.map((dim) => (
        <View key={dim} className="picker__row">
          <Text className="picker__label">{t(DIMENSION_LABEL[dim])}</Text>
          <View className="picker__options" role="radiogroup" aria-label={t(DIMENSION_LABEL[dim])}>
            {options[dim].map((option) => {
              const active = choice[dim] === option.value;
              return (
                <View
                  key={option.value}
                  role="radio"
                  aria-checked={active}
                  aria-disabled={option.disabled}
                  className={`chip ${active ? 'chip--active' : ''} ${option.disabled ? 'chip--disabled' : ''}`}
                  onClick={() => {
                    if (option.disabled) return;
                    onChoose((current) => choose(goods.skus, current, dim, option.value));
                  }}
                >
                  <Text>{option.value}</Text>
                </View>
              );
            })}
          </View>
        </View>
      ))}
      {sku && sku.stock <= 0 && <Text className="picker__note">{t('catalog.soldOut')}</Text>}
    </View>
  );
}

export function PlanPicker({
  plans,
  plan,
  onPick,
}: {
  plans: GoodsPlan[];
  plan: GoodsPlan | undefined;
  onPick: (planId: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <View className="card picker" role="group" aria-label={t('catalog.plan')}>
      <Text className="picker__label">{t('catalog.plan')}</Text>
      {plans.length === 0 ? (
        <Text className="picker__note">{t('catalog.noPlan')}</Text>
      ) : (
        <View className="picker__options" role="radiogroup" aria-label={t('catalog.plan')}>
          {plans.map((p) => {
            const active = p.id === plan?.id;
            return (
              <View
                key={p.id}
                role="radio"
                aria-checked={active}
                className={`chip chip--plan ${active ? 'chip--active' : ''}`}
                onClick={() => onPick(p.id)}
              >
                <Text className="chip__title">{planLabel(t, p)}</Text>
                <Text className="chip__sub">
                  ¥{formatMoney(p.rentPerPeriod)}
                  {p.termUnit === 'day' ? t('catalog.perDay') : t('catalog.perMonth')}
                </Text>
              </View>
            );
          })}
        </View>
      )}
    </View>
  );
}

/** The value-added services: required ones are checked and cannot be unchecked. */
export function ServicePicker({
  goods,
  picked,
  onToggle,
}: {
  goods: GoodsInfo;
  picked: ReadonlySet<number>;
  onToggle: (serviceId: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <View className="card picker" role="group" aria-label={t('catalog.services')}>
      <View className="picker__head">
        <Text className="picker__label">{t('catalog.services')}</Text>
        <View
          className="picker__link"
          role="link"
          onClick={() =>
            void openPage(`/pages/valueAddedServices/valueAddedServices?goodsId=${goods.id}`)
          }
        >
          <Text>{t('catalog.servicesInfo')}</Text>
        </View>
      </View>
      {goods.services.map((service) => {
        const checked = service.required || picked.has(service.id);
        return (
          <View
            key={service.id}
            className={`service-option ${checked ? 'service-option--checked' : ''}`}
            role="checkbox"
            aria-checked={checked}
            aria-disabled={service.required}
            onClick={() => {
              if (!service.required) onToggle(service.id);
            }}
          >
            <View className="service-option__box" aria-hidden>
              <Text>{checked ? '✓' : ''}</Text>
            </View>
            <View className="service-option__body">
              <Text className="service-option__name">
                {service.name}
                {service.required ? ` · ${t('catalog.required')}` : ''}
              </Text>
              <Text className="service-option__desc">{service.description}</Text>
            </View>
            <Text className="service-option__price">
              ¥{formatMoney(service.price)}
              {service.priceUnit === 'period' ? t('catalog.perPeriod') : t('catalog.once')}
            </Text>
          </View>
        );
      })}
    </View>
  );
}
