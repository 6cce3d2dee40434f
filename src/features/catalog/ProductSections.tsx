import { RichText, Text, View } from '@tarojs/components';
import { useMemo } from 'react';
import type { ExplainItem, GoodsInfo, GoodsPlan } from '@contract/api/goods';
import { mediaUrl } from '../../api/media';
import { Picture } from '../../components/picture';
import { registerMessages, useTranslation } from '../../i18n';
import { catalogMessages } from '@contract/i18n/zh-Hans/catalog';
import { openPage } from '../../platform/open-page';
import { formatMoney } from '../../utils';
import { descriptionNodes, hasContent } from './description-nodes';
import type { PriceBreakdown } from './pricing';

registerMessages(catalogMessages);

const CUSTOMER_SERVICE_URL = '/pages/customer-service/customerService';

/** Price per period, name, subtitle and tags. */
export function ProductHead({
  goods,
  price,
  plan,
}: {
  goods: GoodsInfo;
  price: PriceBreakdown | undefined;
  plan: GoodsPlan | undefined;
}) {
  const { t } = useTranslation();
  return (
    <View className="card product__head">
      {price && (
        <View className="product__price">
          <Text className="product__rent">¥{formatMoney(price.rentPerPeriod)}</Text>
          <Text className="product__unit">
            {plan?.termUnit === 'day' ? t('catalog.perDay') : t('catalog.perMonth')}
          </Text>
        </View>
      )}
      <Text className="product__name" role="heading" aria-level={1}>
        {goods.name}
      </Text>
      {goods.subtitle && <Text className="product__subtitle">{goods.subtitle}</Text>}
      <View className="product__tags">
        {goods.isEnjoy && <Text className="tag tag--brand">{t('catalog.enjoyBadge')}</Text>}
        {goods.tags.map((tag) => (
          <Text key={tag} className="tag">
            {tag}
          </Text>
        ))}
      </View>
    </View>
  );
}

export function PriceBreakdownCard({
  price,
  plan,
}: {
  price: PriceBreakdown;
  plan: GoodsPlan | undefined;
}) {
  const { t } = useTranslation();
  const unitLabel = plan?.termUnit === 'day' ? t('catalog.rentPerDay') : t('catalog.rentPerMonth');
  return (
    <View className="card breakdown" role="region" aria-label={t('catalog.priceDetails')}>
      <Text className="picker__label">{t('catalog.priceDetails')}</Text>
      <BreakdownRow name="rent" label={unitLabel} value={price.rentPerPeriod} />
      <BreakdownRow name="first" label={t('catalog.firstPayment')} value={price.firstPayment} />
      <BreakdownRow name="deposit" label={t('catalog.deposit')} value={price.deposit} />
      <BreakdownRow name="buyout" label={t('catalog.buyoutPrice')} value={price.buyoutPrice} />
      <BreakdownRow
        name="services"
        label={t('catalog.servicesTotal')}
        value={price.servicesTotal}
      />
      <BreakdownRow name="total" label={t('catalog.totalRent')} value={price.totalRent} />
    </View>
  );
}

function BreakdownRow({ name, label, value }: { name: string; label: string; value: number }) {
  return (
    <View className={`breakdown__row breakdown__row--${name}`}>
      <Text className="breakdown__label">{label}</Text>
      <Text className="breakdown__value">¥{formatMoney(value)}</Text>
    </View>
  );
}

/** The goods' rental rules. */
export function ProductRules({ explain }: { explain: ExplainItem[] }) {
  const { t } = useTranslation();
  return (
    <View className="card explain">
      <Text className="picker__label" role="heading" aria-level={2}>
        {t('catalog.rules')}
      </Text>
      {explain.map((item) => (
        <View key={item.id} className="explain__item">
          <Text className="explain__title">{item.title}</Text>
          <Text className="explain__content">{item.content}</Text>
        </View>
      ))}
    </View>
  );
}

/** The long pictures below the rules. */
/**
 * The goods description the console set (rich text), drawn from nodes read on the storefront
 * (description-nodes.ts), not from the HTML: nothing when it shows nothing.
 */
export function ProductDescription({ description }: { description: string }) {
  const { t } = useTranslation();
  const nodes = useMemo(
    () => descriptionNodes(description, mediaUrl, process.env.TARO_ENV !== 'h5'),
    [description],
  );
  if (!hasContent(nodes)) return null;
  return (
    <View className="card product__description">
      <Text className="picker__label" role="heading" aria-level={2}>
        {t('catalog.description')}
      </Text>
      <RichText className="product__description-text" nodes={nodes} />
    </View>
  );
}

export function ProductDetailImages({ goods }: { goods: GoodsInfo }) {
  const { t } = useTranslation();
  return (
    <View className="card details">
      <Text className="picker__label" role="heading" aria-level={2}>
        {t('catalog.details')}
      </Text>
      {goods.detailImages.map((image, index) => (
        <Picture
          key={image}
          className="details__image"
          src={mediaUrl(image)}
          mode="widthFix"
          lazyLoad
          alt={t('catalog.goodsImage', { name: goods.name, index: index + 1 })}
        />
      ))}
    </View>
  );
}

/** Customer service, and rent now (off while no SKU in stock and plan are chosen). */
export function ProductActionBar({ canRent, onRent }: { canRent: boolean; onRent: () => void }) {
  const { t } = useTranslation();
  return (
    <View className="action-bar">
      <View
        className="action-bar__service"
        role="link"
        aria-label={t('catalog.customerService')}
        onClick={() => void openPage(CUSTOMER_SERVICE_URL)}
      >
        <Text className="action-bar__icon" aria-hidden>
          ☏
        </Text>
        <Text className="action-bar__label">{t('catalog.customerService')}</Text>
      </View>
      <View
        className={`action-bar__rent ${!canRent ? 'action-bar__rent--disabled' : ''}`}
        role="button"
        aria-disabled={!canRent}
        onClick={() => {
          if (canRent) onRent();
        }}
      >
        <Text>{t('catalog.rentNow')}</Text>
      </View>
    </View>
  );
}
