/**
 * The repayment plan: /pages/billDetail/billDetail?orderId=<id>. Tap bills to pick them (what is
 * due is picked already), 提前结清 picks every unpaid rent bill, 支付尾款 the bills outside the
 * plan; 去支付 opens /pages/billpay/pay?orderId=<id>&billIds=<ids>. A row's 明细 opens
 * /pages/billingDetails/billingDetails?orderId=<id>&billId=<bill id>.
 */
import { Text, View } from '@tarojs/components';
import { useState } from 'react';
import { fetchOrderDetail } from '../../api/order';
import type { PageBodyProps } from '../../components/page-frame';
import { EmptyState, ErrorState, Skeleton } from '../../components/states';
import { useEnvelope } from '../../components/states/useEnvelope';
import { useTranslation } from '../../i18n';
import { usePageShow } from '../../platform/page-route';
import { formatMoney } from '../../utils';
import { billPayUrl } from '../../routes';
import {
  defaultSelection,
  payable,
  selectedTotal,
  settlementSelection,
  tailSelection,
  toggle,
} from './billSelection';
import { BillRow } from './BillRow';
import { parseId, today } from './billUtil';
import './bill.scss';
import { openPage } from '../../platform/open-page';

export function BillPlan({ params }: PageBodyProps) {
  const { t } = useTranslation();
  const orderId = parseId(params.orderId);
  const [selected, setSelected] = useState<number[]>([]);
  const {
    status,
    data: order,
    refresh,
    retry,
  } = useEnvelope(
    orderId,
    () => (orderId === undefined ? t('order.notFound') : fetchOrderDetail(orderId)),
    (loaded) => setSelected(defaultSelection(loaded.bills, today())),
  );
  // Back from paying: the paid bills turn green.
  usePageShow(() => {
    if (order) void refresh();
  });

  if (status.state === 'loading') return <Skeleton rows={8} />;
  if (status.state === 'error' || !order) {
    return (
      <ErrorState message={status.state === 'error' ? status.message : undefined} onRetry={retry} />
    );
  }

  const now = today();
  const bills = order.bills;
  const open = payable(bills);
  const overdue = open.filter((b) => b.overdueDays > 0).reduce((sum, b) => sum + b.outstanding, 0);
  const total = selectedTotal(bills, selected);
  const settlement = settlementSelection(bills);
  const tail = tailSelection(bills);

  return (
    <View className="bill-plan">
      <View className="bill-plan__summary">
        <Text className="bill-plan__goods">{order.goodsName}</Text>
        <View className="bill-plan__figures">
          <View className="bill-plan__figure">
            <Text className="bill-plan__value">
              ¥{formatMoney(open.reduce((sum, b) => sum + b.outstanding, 0))}
            </Text>
            <Text className="bill-plan__caption">{t('bill.outstanding')}</Text>
          </View>
          <View className="bill-plan__figure">
            <Text className={`bill-plan__value${overdue > 0 ? ' bill-plan__value--alert' : ''}`}>
              ¥{formatMoney(overdue)}
            </Text>
            <Text className="bill-plan__caption">{t('bill.overdueAmount')}</Text>
          </View>
        </View>
      </View>

      {bills.length === 0 ? (
        <EmptyState title={t('bill.empty')} />
      ) : (
        <View className="bill-list" role="list">
          {bills.map((bill) => (
            <BillRow
              key={bill.id}
              orderId={order.id}
              bill={bill}
              bills={bills}
              now={now}
              selected={selected.includes(bill.id)}
              onToggle={() => setSelected((current) => toggle(current, bill))}
            />
          ))}
        </View>
      )}

      {open.length > 0 && (
        <View className="bill-bar">
          <View className="bill-bar__shortcuts">
            {settlement.length > 0 && (
              <View className="bill-chip" role="button" onClick={() => setSelected(settlement)}>
                <Text>{t('bill.settleEarly')}</Text>
              </View>
            )}
            {tail.length > 0 && (
              <View className="bill-chip" role="button" onClick={() => setSelected(tail)}>
                <Text>{t('bill.payTail')}</Text>
              </View>
            )}
          </View>
          <View className="bill-bar__pay">
            <Text className="bill-bar__total">
              {t('bill.selected', { count: selected.length })}{' '}
              <Text className="bill-bar__money">¥{formatMoney(total)}</Text>
            </Text>
            <View
              className={`bill-bar__button${selected.length === 0 ? ' bill-bar__button--off' : ''}`}
              role="button"
              aria-disabled={selected.length === 0}
              onClick={() => {
                if (selected.length > 0) void openPage(billPayUrl(order.id, selected));
              }}
            >
              <Text>{t('bill.pay')}</Text>
            </View>
          </View>
        </View>
      )}
    </View>
  );
}
