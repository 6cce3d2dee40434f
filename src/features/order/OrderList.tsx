/**
 * My orders: /pages/myOrder/myOrder?tab=<all|unpaid|review|ship|receive|renting|return|overdue|
 * done|cancelled> (ORDER_TABS of contract/api/order; default all). Each card opens
 * /pages/orderDetail/orderDetail?orderId=<id>; its buttons are the actions the server allows.
 */
import { useRequireLogin } from '../../stores/require-login';
import { ScrollView, Text, View } from '@tarojs/components';
import { ORDER_TABS } from '@contract/api/order';
import { useCallback, useRef, useState } from 'react';
import { fetchOrders, type OrderSummary, type OrderTab } from '../../api/order';
import type { PageBodyProps } from '../../components/page-frame';
import { PagedList, usePagedList } from '../../components/paged-list';
import { Picture } from '../../components/picture';
import { mediaUrl } from '../../api/media';
import { Skeleton } from '../../components/states';
import { useTranslation } from '../../i18n';
import { orderStatusText } from '../../i18n/order-status';
import { usePageShow } from '../../platform/page-route';
import { formatMoney } from '../../utils';
import { actionButtons, statusHint, termKey, termUnitLabel } from './orderView';
import './order.scss';
import { openPage } from '../../platform/open-page';

const TAB_KEYS = Object.keys(ORDER_TABS) as OrderTab[];
/** About one tab's width (three characters and padding), for scrolling the open one in. */
const TAB_WIDTH_PX = 64;

function isTab(value: unknown): value is OrderTab {
  return typeof value === 'string' && (TAB_KEYS as string[]).includes(value);
}

export function orderDetailUrl(orderId: number): string {
  return `/pages/orderDetail/orderDetail?orderId=${orderId}`;
}

/** One order's card: headline, goods, rent and the buttons its state allows. */
export function OrderCard({ order }: { order: OrderSummary }) {
  const { t } = useTranslation();
  const open = () => void openPage(orderDetailUrl(order.id));
  const buttons = actionButtons(order);
  return (
    // The whole card opens the order; the link a screen reader announces is the part above the
    // buttons, named by what it shows (number, state, goods, rent), not the buttons' labels too.
    <View className="order-card" onClick={open}>
      <View className="order-card__open" role="link">
        <View className="order-card__head">
          <Text className="order-card__no">{t('order.number', { id: order.orderNo })}</Text>
          <Text className="order-card__status">{orderStatusText(t, order)}</Text>
        </View>
        <View className="order-card__goods">
          {/* The goods name beside it names it. */}
          <Picture
            className="order-card__cover"
            src={mediaUrl(order.cover)}
            mode="aspectFill"
            alt=""
          />
          <View className="order-card__info">
            <Text className="order-card__name">{order.goodsName}</Text>
            <Text className="order-card__sku">{order.skuText}</Text>
            <Text className="order-card__rent">
              {t('order.rentPer', {
                amount: formatMoney(order.perPeriod),
                unit: t(termUnitLabel(order.termUnit)),
              })}
              <Text className="order-card__term">
                {' '}
                {t(termKey(order.term, order.termUnit), { term: order.term })}
              </Text>
            </Text>
          </View>
        </View>
        <Text className="order-card__hint">{t(statusHint(order.status))}</Text>
      </View>
      {buttons.length > 0 && (
        <View className="order-card__actions">
          {buttons.map((button) => (
            <View
              key={button.action}
              role="button"
              className={`order-button${button.primary ? ' order-button--primary' : ''}`}
              onClick={(event) => {
                event.stopPropagation();
                // Page steps open directly; the rest (cancel, receipt, sheets) run on the detail.
                const url =
                  button.handling.kind === 'page'
                    ? button.handling.url(order.id)
                    : `${orderDetailUrl(order.id)}&action=${button.action}`;
                void openPage(url);
              }}
            >
              <Text>{t(button.label)}</Text>
            </View>
          ))}
        </View>
      )}
    </View>
  );
}

/** My orders: a visitor logs in first (and comes back to the same tab). */
export function OrderList(props: PageBodyProps) {
  return useRequireLogin(props.route, props.params) ? <Orders {...props} /> : null;
}

function Orders({ params }: PageBodyProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<OrderTab>(isTab(params.tab) ? params.tab : 'all');
  const fetchPage = useCallback(
    (pageNum: number, pageSize: number) => fetchOrders(tab, pageNum, pageSize),
    [tab],
  );
  const list = usePagedList<OrderSummary>({ fetchPage, deps: [tab] });

  // Coming back from an order (paid, cancelled, received) shows its new state.
  const shown = useRef(false);
  usePageShow(() => {
    if (shown.current) void list.refresh();
    shown.current = true;
  });

  return (
    <View className="my-orders">
      {/* The tab list is a box of its own: H5's ScrollView drops role and ARIA props. */}
      <View role="tablist">
        <ScrollView
          className="my-orders__tabs"
          scrollX
          // Brings the open tab on screen (?tab= from the user centre may name one off to the
          // right); scrollIntoView is ignored by the H5 ScrollView, an offset works everywhere.
          scrollLeft={Math.max(0, TAB_KEYS.indexOf(tab) - 2) * TAB_WIDTH_PX}
          scrollWithAnimation
          enhanced
          showScrollbar={false}
        >
          {TAB_KEYS.map((key) => (
            <View
              key={key}
              id={`order-tab-${key}`}
              role="tab"
              aria-selected={key === tab}
              className={`my-orders__tab${key === tab ? ' my-orders__tab--on' : ''}`}
              onClick={() => setTab(key)}
            >
              <Text>{t(`order.tab.${key}`)}</Text>
            </View>
          ))}
        </ScrollView>
      </View>
      <PagedList
        list={list}
        layout="rows"
        uniformItems={false}
        keyOf={(order) => order.id}
        skeleton={<Skeleton rows={3} media="none" />}
        empty={{
          title: t('order.empty'),
          action: (
            <View
              className="order-button order-button--primary"
              role="button"
              onClick={() => void openPage('/pages/home/home')}
            >
              <Text>{t('order.goShopping')}</Text>
            </View>
          ),
        }}
        renderItem={(order) => <OrderCard order={order} />}
      />
    </View>
  );
}
