/**
 * Return application: /pages/returnApplication/returnApplication?orderId=<id>. Reason, method
 * (by courier, postage on the platform), the merchant's address to copy; 提交 marks the return
 * and hands over to /pages/confirmShipment/confirmShipment?orderId=<id> for the waybill.
 */
import { Text, View } from '@tarojs/components';
import { Picture } from '../../components/picture';
import { mediaUrl } from '../../api/media';
import { useState } from 'react';
import type { Envelope } from '@contract/http';
import {
  applyReturn,
  fetchOrderDetail,
  fetchReasons,
  fetchReturnAddresses,
  type DictionaryItem,
  type OrderDetail,
} from '../../api/order';
import { SubmitButton } from '../../components/form';
import type { PageBodyProps } from '../../components/page-frame';
import { ErrorState } from '../../components/states';
import { useEnvelope } from '../../components/states/useEnvelope';
import { useTranslation } from '../../i18n';
import { reasonText } from '../../i18n/reasons';
import { AftersaleSkeleton } from './AftersaleSkeleton';
import { ReturnAddress, returnAddressOf } from './ReturnAddress';
import { parseId } from './util';
import './aftersale.scss';
import { replacePage } from '../../platform/navigation';

/**
 * The order, the return reasons and the return address, shown together: reasons or the return
 * address arriving after the form moved it down, and without reasons no return can be asked for
 * (a reason is required), so their failure is the page's; an address that cannot be read offers
 * customer service instead.
 */
async function loadApplication(
  orderId: number,
): Promise<
  Envelope<{ order: OrderDetail; reasons: DictionaryItem[]; address: DictionaryItem | null } | null>
> {
  const [orderReply, reasonsReply, addressesReply] = await Promise.all([
    fetchOrderDetail(orderId),
    fetchReasons('return_reason'),
    fetchReturnAddresses(),
  ]);
  if (orderReply.code !== 200 || !orderReply.data) return { ...orderReply, data: null };
  if (reasonsReply.code !== 200 || !reasonsReply.data) return { ...reasonsReply, data: null };
  return {
    ...orderReply,
    data: {
      order: orderReply.data,
      reasons: reasonsReply.data,
      address: returnAddressOf(addressesReply),
    },
  };
}

export function ReturnApplication({ params }: PageBodyProps) {
  const { t } = useTranslation();
  const orderId = parseId(params.orderId);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  const {
    status,
    data: loaded,
    retry,
  } = useEnvelope(orderId, () =>
    orderId === undefined ? t('order.notFound') : loadApplication(orderId),
  );

  if (status.state === 'loading') return <AftersaleSkeleton />;
  if (status.state === 'error' || !loaded) {
    return (
      <ErrorState message={status.state === 'error' ? status.message : undefined} onRetry={retry} />
    );
  }
  const { order, reasons, address } = loaded;

  const submit = async () => {
    if (!reason) {
      setReasonError(t('aftersale.reasonRequired'));
      return;
    }
    const reply = await applyReturn(order.id, reason);
    if (reply.code === 200) {
      void replacePage(`/pages/confirmShipment/confirmShipment?orderId=${order.id}`);
    }
  };

  return (
    <View className="aftersale">
      <View className="aftersale-card aftersale-goods">
        <Picture
          className="aftersale-goods__cover"
          src={mediaUrl(order.cover)}
          mode="aspectFill"
          alt=""
        />
        <View className="aftersale-goods__info">
          <Text className="aftersale-goods__name">{order.goodsName}</Text>
          <Text className="aftersale-muted">{order.skuText}</Text>
        </View>
      </View>

      <View className="aftersale-card">
        <Text className="aftersale-card__title">
          {t('aftersale.reason')}
          <Text className="form-field__required" aria-hidden>
            *
          </Text>
        </Text>
        {reasonError && (
          <Text className="form-field__error" role="alert">
            {reasonError}
          </Text>
        )}
        <View className="choice-list" role="radiogroup" aria-label={t('aftersale.reason')}>
          {reasons.map((item) => (
            <View
              key={item.value}
              role="radio"
              aria-checked={reason === item.value}
              className={`choice${reason === item.value ? ' choice--on' : ''}`}
              onClick={() => {
                setReason(item.value);
                setReasonError('');
              }}
            >
              <Text>{reasonText(t, item)}</Text>
            </View>
          ))}
        </View>
      </View>

      <View className="aftersale-card">
        <Text className="aftersale-card__title">{t('aftersale.method')}</Text>
        <View className="choice-list" role="radiogroup" aria-label={t('aftersale.method')}>
          <View role="radio" aria-checked className="choice choice--on">
            <Text>{t('aftersale.methodExpress')}</Text>
          </View>
        </View>
        <Text className="aftersale-muted">{t('aftersale.methodHint')}</Text>
      </View>

      <ReturnAddress address={address} />

      <View className="aftersale-submit">
        <SubmitButton onSubmit={submit}>{t('aftersale.apply')}</SubmitButton>
      </View>
    </View>
  );
}
