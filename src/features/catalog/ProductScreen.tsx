import { ScrollView, Text, View } from '@tarojs/components';
import type { ExplainItem, GoodsInfo, GoodsPlan } from '@contract/api/goods';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { getDefaultGoodsId, getGoodsExplain, getGoodsInfo } from '../../api/goods';
import type { PageBodyProps } from '../../components/page-frame';
import { Picture } from '../../components/picture';
import { ErrorState, Skeleton } from '../../components/states';
import { useTranslation, type MessageKey } from '../../i18n';
import { isOk } from '../../platform/request';
import { formatMoney } from '../../utils';
import { ImageViewer } from './ImageViewer';
import {
  choose,
  chosenServices,
  initialChoice,
  plansForSku,
  priceBreakdown,
  rentNowUrl,
  selectedSku,
  skuOptions,
  SKU_DIMENSIONS,
  type SkuChoice,
  type SkuDimension,
} from './pricing';
import './catalog.scss';
import { mediaUrl } from '../../api/media';
import { openPage } from '../../platform/open-page';
import { previewImages } from '../../platform/image-preview';

const CUSTOMER_SERVICE_URL = '/pages/customer-service/customerService';

const DIMENSION_LABEL: Record<SkuDimension, MessageKey> = {
  color: 'catalog.colour',
  capacity: 'catalog.capacity',
  condition: 'catalog.condition',
};

function parseId(value: string | undefined): number | undefined {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 && id <= 2147483647 ? id : undefined;
}

export function planLabel(
  t: (key: MessageKey, params?: Record<string, string | number>) => string,
  plan: GoodsPlan,
): string {
  return t(plan.termUnit === 'day' ? 'catalog.termDays' : 'catalog.termMonths', {
    term: plan.term,
  });
}

type LoadState =
  { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; goods: GoodsInfo };

/** Product details: gallery, SKU and plan pickers with a live price breakdown, rules, rent now. */
export function ProductScreen({ params }: PageBodyProps) {
  const requestedId = parseId(params.goodsId ?? params.id);
  const [state, setState] = useState<LoadState>({ kind: 'loading' });
  const [explain, setExplain] = useState<ExplainItem[]>([]);

  const load = useCallback(async () => {
    setState({ kind: 'loading' });
    let goodsId = requestedId;
    if (goodsId === undefined) {
      // A link without a goods id opens the brand's default goods.
      const fallback = await getDefaultGoodsId();
      if (!isOk(fallback)) {
        setState({ kind: 'error', message: fallback.msg });
        return;
      }
      goodsId = fallback.data.goodsId;
    }
    // Both asked for at once, but the page draws on the goods alone (index.html may already
    // hold that reply: scripts/h5-index.ts); the rules card, below the fold, follows.
    const infoReply = getGoodsInfo(goodsId);
    const explainReply = getGoodsExplain(goodsId);
    const info = await infoReply;
    if (!isOk(info)) {
      setState({ kind: 'error', message: info.msg });
      return;
    }
    setState({ kind: 'ready', goods: info.data });
    const rules = await explainReply;
    setExplain(isOk(rules) ? rules.data : []);
  }, [requestedId]);

  useEffect(() => {
    void load();
  }, [load]);

  if (state.kind === 'loading') {
    return (
      <View className="product product--loading">
        <Skeleton media="square" rows={3} />
        <Skeleton rows={4} />
        <Skeleton rows={3} />
      </View>
    );
  }
  if (state.kind === 'error') {
    return <ErrorState message={state.message} onRetry={() => void load()} />;
  }
  return <ProductDetails goods={state.goods} explain={explain} />;
}

function ProductDetails({ goods, explain }: { goods: GoodsInfo; explain: ExplainItem[] }) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<SkuChoice>(() => initialChoice(goods.skus));
  const [planId, setPlanId] = useState<number>();
  const [pickedServices, setPickedServices] = useState<ReadonlySet<number>>(new Set());
  const [imageIndex, setImageIndex] = useState(0);
  const [viewerOpen, setViewerOpen] = useState(false);

  const options = useMemo(() => skuOptions(goods.skus, choice), [goods.skus, choice]);
  const sku = selectedSku(goods.skus, choice);
  const plans = useMemo(() => plansForSku(goods.plans, sku?.id), [goods.plans, sku?.id]);
  // Keep the chosen term when the SKU changes and the new SKU has the same one.
  const plan =
    plans.find((p) => p.id === planId) ??
    plans.find((p) => {
      const previous = goods.plans.find((q) => q.id === planId);
      return previous && p.term === previous.term && p.termUnit === previous.termUnit;
    }) ??
    plans[0];
  const services = chosenServices(goods.services, pickedServices);
  const price = plan ? priceBreakdown(plan, services) : undefined;

  const gallery = useMemo(() => {
    const list = [...(sku?.image ? [sku.image] : []), ...goods.images];
    return [...new Set(list)].map(mediaUrl);
  }, [goods.images, sku?.image]);

  const openPreview = async (index: number) => {
    setImageIndex(index);
    const opened = await previewImages(gallery, index);
    if (!opened) setViewerOpen(true);
  };

  const toggleService = (id: number) => {
    setPickedServices((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };

  const rentNow = () => {
    if (!sku || !plan) return;
    void openPage(rentNowUrl(goods, sku.id, plan.id, services));
  };

  const unitLabel = plan?.termUnit === 'day' ? t('catalog.rentPerDay') : t('catalog.rentPerMonth');

  return (
    <View className="product">
      <View className="gallery">
        <ScrollView
          className="gallery__track"
          scrollX
          enhanced
          pagingEnabled
          showScrollbar={false}
          onScroll={(event) => {
            const { scrollLeft, scrollWidth } = event.detail;
            const width = scrollWidth / Math.max(gallery.length, 1);
            if (width > 0) setImageIndex(Math.round(scrollLeft / width));
          }}
        >
          {gallery.map((url, index) => (
            <View
              key={url}
              className="gallery__item"
              role="button"
              aria-label={t('catalog.previewOf', { index: index + 1, total: gallery.length })}
              onClick={() => void openPreview(index)}
            >
              <Picture
                className="gallery__image"
                src={url}
                mode="aspectFit"
                alt={t('catalog.goodsImage', { name: goods.name, index: index + 1 })}
                primary={index === 0}
                lazyLoad={index > 0}
              />
            </View>
          ))}
        </ScrollView>
        {gallery.length > 1 && (
          <Text className="gallery__count" aria-hidden>
            {Math.min(imageIndex, gallery.length - 1) + 1}/{gallery.length}
          </Text>
        )}
      </View>

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

      <View className="card picker" role="group" aria-label={t('catalog.specs')}>
        {SKU_DIMENSIONS.map((dim) => (
          <View key={dim} className="picker__row">
            <Text className="picker__label">{t(DIMENSION_LABEL[dim])}</Text>
            <View
              className="picker__options"
              role="radiogroup"
              aria-label={t(DIMENSION_LABEL[dim])}
            >
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
                      setChoice((current) => choose(goods.skus, current, dim, option.value));
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
                  onClick={() => setPlanId(p.id)}
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

      {goods.services.length > 0 && (
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
            const checked = service.required || pickedServices.has(service.id);
            return (
              <View
                key={service.id}
                className={`service-option ${checked ? 'service-option--checked' : ''}`}
                role="checkbox"
                aria-checked={checked}
                aria-disabled={service.required}
                onClick={() => {
                  if (!service.required) toggleService(service.id);
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
      )}

      {price && (
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
      )}

      {explain.length > 0 && (
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
      )}

      {goods.detailImages.length > 0 && (
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
      )}

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
          className={`action-bar__rent ${!sku || !plan || sku.stock <= 0 ? 'action-bar__rent--disabled' : ''}`}
          role="button"
          aria-disabled={!sku || !plan || sku.stock <= 0}
          onClick={() => {
            if (sku && plan && sku.stock > 0) rentNow();
          }}
        >
          <Text>{t('catalog.rentNow')}</Text>
        </View>
      </View>

      {viewerOpen && (
        <ImageViewer
          urls={gallery}
          label={goods.name}
          index={Math.min(imageIndex, gallery.length - 1)}
          onIndexChange={setImageIndex}
          onClose={() => setViewerOpen(false)}
        />
      )}
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
