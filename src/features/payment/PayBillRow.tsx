import { Text, View } from '@tarojs/components';
import type { Bill } from '../../api/pay';
import { useTranslation } from '../../i18n';
import { billDueText } from '../../i18n/bill-due';
import { formatMoney } from '../../utils';
import { billLabel } from './payment-state';

/** One bill to pay: a checkbox when the user chooses the bills, its due date and overdue fee. */
export function PayBillRow({
  bill,
  choosable,
  on,
  onToggle,
}: {
  bill: Bill;
  choosable: boolean;
  on: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const [key, labelParams] = billLabel(bill);
  const label = t(key, labelParams);
  return (
    <View
      className="pay-bill"
      role={choosable ? 'checkbox' : undefined}
      aria-checked={choosable ? on : undefined}
      aria-label={choosable ? t('payment.selectBill', { bill: label }) : undefined}
      onClick={choosable ? onToggle : undefined}
    >
      {choosable && <View className={`pay-check${on ? ' pay-check--on' : ''}`} aria-hidden />}
      <View className="pay-bill__body">
        <Text className="pay-bill__label">{label}</Text>
        {bill.dueDate !== '' && (
          <Text className="pay-bill__meta">
            {t('payment.dueDate', { date: billDueText(t, bill) })}
          </Text>
        )}
        {bill.overdueDays > 0 && (
          <Text className="pay-bill__meta pay-bill__meta--overdue">
            {t('payment.overdueFee', {
              days: bill.overdueDays,
              fee: formatMoney(bill.overdueFee),
            })}
          </Text>
        )}
      </View>
      <Text className="pay-bill__amount">¥{formatMoney(bill.outstanding)}</Text>
    </View>
  );
}
