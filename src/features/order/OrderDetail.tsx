/**
 * Order detail: /pages/orderDetail/orderDetail?orderId=<id>[&action=cancel|receive|renew|buyout]
 * (`action` comes from a My orders card button and runs once the order has loaded, if the server
 * still offers it). Paying bills goes to /pages/billDetail/billDetail?orderId=<id>, a buy-out or
 * renewal bill to /pages/billpay/pay?orderId=<id>&billIds=<bill id>.
 */
import { Text, View } from '@tarojs/components';
import { useRef } from 'react';
import { fetchOrderDetail } from '../../api/order';
import type { PageBodyProps } from '../../components/page-frame';
import { ErrorState, Skeleton } from '../../components/states';
import { useEnvelope } from '../../components/states/useEnvelope';
import { useTranslation } from '../../i18n';
import { usePageShow } from '../../platform/page-route';
import { OrderFacts } from './OrderFacts';
import { OrderProgress } from './OrderProgress';
import { OrderQuoteSheets } from './OrderQuoteSheets';
import { actionButtons } from './orderView';
import { useOrderActions } from './useOrderActions';
import './order.scss';
import { openPage } from '../../platform/open-page';

const SERVICE_PAGE = '/pages/customer-service/customerService';

export function parseOrderId(value: string | undefined): number | undefined {
  if (!value || !/^\d{1,15}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
}

export function OrderDetailScreen({ params }: PageBodyProps) {
  const { t } = useTranslation();
  const orderId = parseOrderId(params.orderId);
  const {
    status,
    data: order,
    setData: setOrder,
    refresh: reload,
    retry,
  } = useEnvelope(orderId, () =>
    orderId === undefined ? t('order.notFound') : fetchOrderDetail(orderId),
  );

  // Coming back from paying, signing or a return form shows the new state (the first show is
  // the effect below).
  const shown = useRef(false);
  usePageShow(() => {
    if (shown.current) void reload();
    shown.current = true;
  });
  const actions = useOrderActions({ order, setOrder, reload, requestedAction: params.action });
  const { busy, run } = actions;

  if (status.state === 'loading' && !order) {
    return (
      <View className="order-detail">
        <Skeleton rows={6} media="banner" />
      </View>
    );
  }
  if (status.state === 'error' || !order) {
    return (
      <View className="order-detail">
        <ErrorState
          message={status.state === 'error' ? status.message : undefined}
          onRetry={retry}
        />
      </View>
    );
  }

  const buttons = actionButtons(order);

  return (
    <View className="order-detail">
      <OrderProgress order={order} />
      <OrderFacts order={order} />

      <View className="order-actions">
        <View className="order-button" role="button" onClick={() => void openPage(SERVICE_PAGE)}>
          <Text>{t('order.action.service')}</Text>
        </View>
        {buttons.map((button) => (
          <View
            key={button.action}
            role="button"
            aria-disabled={busy}
            className={`order-button${button.primary ? ' order-button--primary' : ''}`}
            onClick={() => void run(button, order)}
          >
            <Text>{t(button.label)}</Text>
          </View>
        ))}
      </View>

      <OrderQuoteSheets order={order} actions={actions} />
    </View>
  );
}
