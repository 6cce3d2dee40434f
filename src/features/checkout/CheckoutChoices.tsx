import { Text, View } from '@tarojs/components';
import { Picture } from '../../components/picture';
import type { GoodsInfo, GoodsPlan, GoodsSku } from '@contract/api/goods';
import type { Address } from '../../api/address';
import { mediaUrl } from '../../api/media';
import { registerMessages, useTranslation } from '../../i18n';
import { checkoutMessages } from '@contract/i18n/zh-Hans/checkout';
import { openPage } from '../../platform/open-page';
import { formatMoney, maskMobile } from '../../utils';
import type { CheckoutPrice } from './pricing';

registerMessages(checkoutMessages);

/** The delivery address: tap to choose another in the address list, or to add the first one. */
export function AddressCard({
  addresses,
  address,
  addressError,
}: {
  addresses: Address[] | null;
  address: Address | null;
  addressError: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <View
        className={`checkout-card checkout-address${addressError ? ' checkout-address--invalid' : ''}`}
        role="button"
        aria-label={t('checkout.address')}
        onClick={() =>
          void openPage(
            addresses && addresses.length === 0
              ? '/pages/shipToAddress/shipToAddress'
              : '/pages/addressList/addressList?mode=choose',
          )
        }
      >
        {address ? (
          <View className="checkout-address__body">
            <Text className="checkout-address__who">
              {address.name} {maskMobile(address.mobile)}
            </Text>
            <Text className="checkout-address__where">
              {address.province}
              {address.city}
              {address.district}
              {address.detail}
            </Text>
          </View>
        ) : (
          <Text className="checkout-address__add">{t('checkout.addAddress')}</Text>
        )}
        <Text className="checkout-card__arrow" aria-hidden>
          ›
        </Text>
      </View>
      {addressError && (
        <Text className="checkout-error" role="alert">
          {addressError}
        </Text>
      )}
    </>
  );
}

export function GoodsCard({
  goods,
  sku,
  plan,
  price,
  unit,
}: {
  goods: GoodsInfo;
  sku: GoodsSku;
  plan: GoodsPlan;
  price: CheckoutPrice;
  unit: string;
}) {
  const { t } = useTranslation();
  return (
    <View className="checkout-card checkout-goods">
      <Picture
        className="checkout-goods__cover"
        src={mediaUrl(sku.image || goods.cover)}
        mode="aspectFill"
        alt=""
      />
      <View className="checkout-goods__body">
        <Text className="checkout-goods__name">{goods.name}</Text>
        <Text className="checkout-goods__sku">
          {[sku.color, sku.capacity, sku.condition].filter(Boolean).join(' / ')}
        </Text>
        <Text className="checkout-goods__plan">
          {t('checkout.plan', {
            term: plan.term,
            unit: t(plan.termUnit === 'day' ? 'checkout.days' : 'checkout.months'),
          })}
        </Text>
        <Text className="checkout-goods__rent">
          ¥{formatMoney(price.rentPerPeriod)}
          {unit}
        </Text>
      </View>
    </View>
  );
}

/** The value-added services: required ones stay on. */
export function ServicesCard({
  goods,
  serviceIds,
  onChange,
  unit,
}: {
  goods: GoodsInfo;
  serviceIds: number[];
  onChange: (update: (ids: number[]) => number[]) => void;
  unit: string;
}) {
  const { t } = useTranslation();
  return (
    <View className="checkout-card">
      <Text className="checkout-card__title">{t('checkout.services')}</Text>
      {goods.services.map((service) => {
        const on = service.required || serviceIds.includes(service.id);
        return (
          <View
            key={service.id}
            className="checkout-row checkout-row--tap"
            role="checkbox"
            aria-checked={on}
            aria-disabled={service.required}
            onClick={() => {
              if (service.required) return;
              onChange((ids) =>
                on ? ids.filter((id) => id !== service.id) : [...ids, service.id],
              );
            }}
          >
            <Text className={`checkout-check${on ? ' checkout-check--on' : ''}`}>
              {on ? '✓' : ''}
            </Text>
            <Text className="checkout-row__label">
              {service.name}
              {service.required ? ` (${t('checkout.required')})` : ''}
            </Text>
            <Text className="checkout-row__value">
              ¥{formatMoney(service.price)}
              {service.priceUnit === 'period' ? unit : t('checkout.once')}
            </Text>
          </View>
        );
      })}
    </View>
  );
}
