import { View } from '@tarojs/components';
import type { ExplainItem, GoodsInfo } from '@contract/api/goods';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { getDefaultGoodsId, getGoodsExplain, getGoodsInfo } from '../../api/goods';
import type { PageBodyProps } from '../../components/page-frame';
import { ErrorState, Skeleton } from '../../components/states';
import { isOk } from '../../platform/request';
import { ImageViewer } from './ImageViewer';
import {
  chosenServices,
  initialChoice,
  plansForSku,
  priceBreakdown,
  rentNowUrl,
  selectedSku,
  skuOptions,
  type SkuChoice,
} from './pricing';
import { ProductGallery, useProductGallery } from './ProductGallery';
import { PlanPicker, ServicePicker, SkuPicker } from './ProductPickers';
import {
  PriceBreakdownCard,
  ProductActionBar,
  ProductDescription,
  ProductDetailImages,
  ProductHead,
  ProductRules,
} from './ProductSections';
import './catalog.scss';
import './product.scss';
import { openPage } from '../../platform/open-page';

function parseId(value: string | undefined): number | undefined {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 && id <= 2147483647 ? id : undefined;
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
  const [choice, setChoice] = useState<SkuChoice>(() => initialChoice(goods.skus));
  const [planId, setPlanId] = useState<number>();
  const [pickedServices, setPickedServices] = useState<ReadonlySet<number>>(new Set());

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
  const price = plan && sku ? priceBreakdown(plan, services, sku.price) : undefined;
  const viewer = useProductGallery(goods, sku);
  const { gallery, imageIndex } = viewer;

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

  return (
    <View className="product">
      <ProductGallery
        goodsName={goods.name}
        gallery={gallery}
        imageIndex={imageIndex}
        onIndexChange={viewer.setImageIndex}
        onOpen={(index) => void viewer.openPreview(index)}
      />
      <ProductHead goods={goods} price={price} plan={plan} />
      <SkuPicker goods={goods} choice={choice} options={options} sku={sku} onChoose={setChoice} />
      <PlanPicker plans={plans} plan={plan} onPick={setPlanId} />
      {goods.services.length > 0 && (
        <ServicePicker goods={goods} picked={pickedServices} onToggle={toggleService} />
      )}
      {price && <PriceBreakdownCard price={price} plan={plan} />}
      {explain.length > 0 && <ProductRules explain={explain} />}
      {goods.description && <ProductDescription description={goods.description} />}
      {goods.detailImages.length > 0 && <ProductDetailImages goods={goods} />}
      <ProductActionBar canRent={!!sku && !!plan && sku.stock > 0} onRent={rentNow} />
      {viewer.viewerOpen && (
        <ImageViewer
          urls={gallery}
          label={goods.name}
          index={Math.min(imageIndex, gallery.length - 1)}
          onIndexChange={viewer.setImageIndex}
          onClose={viewer.closeViewer}
        />
      )}
    </View>
  );
}
