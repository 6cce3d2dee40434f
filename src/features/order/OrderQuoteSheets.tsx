import { Text, View } from '@tarojs/components';
import type { OrderDetail as Order } from '../../api/order';
import { useTranslation } from '../../i18n';
import { termKey } from './orderView';
import { QuoteSheet } from './QuoteSheet';
import type { OrderActions } from './useOrderActions';

const RENEW_PERIODS = [1, 2, 3, 6, 12] as const;

export interface OrderQuoteSheetsProps {
  order: Order;
  actions: OrderActions;
}

/** The open quote sheet of the order detail, if any: buy-out, early return or renewal. */
export function OrderQuoteSheets({ order, actions }: OrderQuoteSheetsProps) {
  const { t } = useTranslation();
  const { sheet, quote, quoteError, periods } = actions;
  const close = () => actions.setSheet('none');

  return (
    <>
      {sheet === 'buyout' && (
        <QuoteSheet
          title={t('order.buyout.title')}
          quote={quote}
          error={quoteError}
          onRetry={() => void actions.openBuyout(order)}
          onClose={close}
          note={t('order.buyout.note')}
          confirmLabel={t('order.buyout.confirm')}
          onConfirm={() => actions.confirmBuyout(order)}
        />
      )}
      {sheet === 'earlyReturn' && (
        <QuoteSheet
          title={t('order.earlyReturn.title')}
          quote={quote}
          error={quoteError}
          onRetry={() => void actions.openEarlyReturn(order)}
          onClose={close}
          note={t('order.earlyReturn.note')}
          confirmLabel={t('order.earlyReturn.confirm')}
          onConfirm={() => actions.confirmEarlyReturn(order)}
        />
      )}
      {sheet === 'renew' && (
        <QuoteSheet
          title={t('order.renew.title')}
          quote={quote}
          error={quoteError}
          onRetry={() => void actions.quoteRenewal(order, periods)}
          onClose={close}
          confirmLabel={t('order.renew.confirm')}
          picker={
            <View className="term-picker" role="radiogroup" aria-label={t('order.renew.term')}>
              {RENEW_PERIODS.map((count) => (
                <View
                  key={count}
                  role="radio"
                  aria-checked={count === periods}
                  className={`term-picker__option${count === periods ? ' term-picker__option--on' : ''}`}
                  onClick={() => void actions.quoteRenewal(order, count)}
                >
                  <Text>{t(termKey(count, order.termUnit), { term: count })}</Text>
                </View>
              ))}
            </View>
          }
          onConfirm={() => actions.confirmRenewal(order)}
        />
      )}
    </>
  );
}
