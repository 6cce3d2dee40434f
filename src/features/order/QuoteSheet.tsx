import { Text, View } from '@tarojs/components';
import type { ReactNode } from 'react';
import type { OrderQuote } from '../../api/order';
import { SubmitButton } from '../../components/form';
import { ErrorState, Skeleton } from '../../components/states';
import { registerMessages, useTranslation } from '../../i18n';
import { orderMessages } from '@contract/i18n/zh-Hans/order';
import { formatMoney } from '../../utils';

registerMessages(orderMessages);

export interface QuoteSheetProps {
  title: string;
  /** undefined while the quote loads. */
  quote: OrderQuote | undefined;
  error: string;
  onRetry: () => void;
  onClose: () => void;
  confirmLabel: string;
  onConfirm: () => Promise<void>;
  /** Above the quote (the renewal's term picker). */
  picker?: ReactNode;
  note?: string;
}

/** A bottom sheet with a quote's breakdown and its total (buy-out, renewal). */
export function QuoteSheet(props: QuoteSheetProps) {
  const { t } = useTranslation();
  const { quote } = props;
  return (
    <View className="quote-sheet" role="dialog" aria-label={props.title}>
      <View className="quote-sheet__mask" onClick={props.onClose} />
      <View className="quote-sheet__panel">
        <View className="quote-sheet__head">
          <Text className="quote-sheet__title">{props.title}</Text>
          <View
            className="quote-sheet__close"
            role="button"
            aria-label={t('common.cancel')}
            onClick={props.onClose}
          >
            <Text>×</Text>
          </View>
        </View>
        {props.picker}
        {props.error ? (
          <ErrorState compact message={props.error} onRetry={props.onRetry} />
        ) : !quote ? (
          <Skeleton rows={3} />
        ) : (
          <View className="quote-sheet__lines">
            {quote.lines.map((line, index) => (
              <View className="order-row" key={`${line.label}-${index}`}>
                <Text>{line.label}</Text>
                <Text>
                  {line.amount < 0 ? '-' : ''}¥{formatMoney(Math.abs(line.amount))}
                </Text>
              </View>
            ))}
            {quote.newEndDate && (
              <View className="order-row">
                <Text>{t('order.renew.newEnd')}</Text>
                <Text>{quote.newEndDate.slice(0, 10)}</Text>
              </View>
            )}
            <View className="order-row quote-sheet__total">
              <Text>{t('order.quoteTotal')}</Text>
              <Text>¥{formatMoney(quote.total)}</Text>
            </View>
          </View>
        )}
        {props.note && <Text className="quote-sheet__note">{props.note}</Text>}
        <SubmitButton onSubmit={props.onConfirm} disabled={!quote || props.error !== ''}>
          {props.confirmLabel}
        </SubmitButton>
      </View>
    </View>
  );
}
