import { Text, View } from '@tarojs/components';
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { cancelPlacedOrder } from '../../api/checkout';
import { askCancelReason } from '../../components/cancel-reason';
import { ErrorState, Skeleton } from '../../components/states';
import { t as translateNow, useTranslation } from '../../i18n';
import { confirmAction, showMessage, showToast } from '../../platform/ui';
import { usePageHide, usePageShow } from '../../platform/page-route';
import { useBrandStore } from '../../stores/brand';
import { STEP_LABELS, stepStates, stepsFor, type StepKey } from './steps';
import type { StepLoad } from './useVerificationStep';
import './verification.scss';
import { guardLeaving } from '../../platform/leave-guard';
import { replacePage } from '../../platform/navigation';

interface StepFrameProps {
  step: StepKey;
  load: StepLoad;
  onRetry: () => void;
  children: ReactNode;
}

/**
 * Every verification step: the bar of steps (where the user is), the step itself, and a way to
 * cancel the order. Leaving midway asks first.
 */
export function StepFrame({ step, load, onRetry, children }: StepFrameProps) {
  const { t } = useTranslation();

  // Only while this step is the page on top: a page opened over it (the signing web view)
  // has its own back.
  const removeGuard = useRef<(() => void) | undefined>(undefined);
  const disarm = useCallback(() => {
    removeGuard.current?.();
    removeGuard.current = undefined;
  }, []);
  const arm = useCallback(() => {
    disarm();
    removeGuard.current = guardLeaving(translateNow('verify.leaveConfirm'), () =>
      confirmAction(translateNow('verify.leaveConfirm'), {
        confirm: translateNow('verify.leave'),
        cancel: translateNow('verify.stay'),
        confirmColor: useBrandStore.getState().brand.themeColor,
      }),
    );
  }, [disarm]);
  useEffect(() => {
    arm();
    return disarm;
  }, [arm, disarm]);
  usePageShow(arm);
  usePageHide(disarm);

  if (load.state === 'loading') return <Skeleton rows={5} />;
  if (load.state === 'error') {
    return <ErrorState message={load.message || t('verify.loadFailed')} onRetry={onRetry} />;
  }
  const { order } = load.data;
  const bar = stepStates(stepsFor(order.depositMethod), step);

  const cancel = async () => {
    const asked = await askCancelReason(t);
    if (!asked) return;
    const sure = await confirmAction(t('verify.cancelConfirm'), {
      confirm: t('dialog.cancelOrder'),
      cancel: t('verify.stay'),
      confirmColor: useBrandStore.getState().brand.themeColor,
    });
    if (!sure) return;
    const reply = await cancelPlacedOrder(order.id, asked.reason);
    if (reply.code !== 200) {
      void showMessage(reply.msg);
      return;
    }
    void showToast(t('verify.cancelled'));
    await replacePage(`/pages/orderDetail/orderDetail?orderId=${order.id}`);
  };

  return (
    <View className="verify">
      <View className="verify-bar" role="list" aria-label={t('verify.progress')}>
        {bar.map(({ step: key, state }, index) => (
          <View
            key={key}
            className={`verify-bar__item verify-bar__item--${state}`}
            role="listitem"
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <Text className="verify-bar__dot">{state === 'done' ? '✓' : index + 1}</Text>
            <Text className="verify-bar__label">{t(STEP_LABELS[key])}</Text>
          </View>
        ))}
      </View>
      <View className="verify__goods">
        <Text className="verify__goods-name">{order.goodsName}</Text>
        <Text className="verify__goods-sku">{order.skuText}</Text>
      </View>
      <View className="verify__body">{children}</View>
      {order.actions.includes('cancel') && (
        <View className="verify__cancel" role="button" onClick={() => void cancel()}>
          <Text>{t('verify.cancelOrder')}</Text>
        </View>
      )}
    </View>
  );
}
