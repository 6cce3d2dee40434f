import { useCallback, useEffect, useRef, useState } from 'react';
import { confirmOrder, fetchPlacedOrder, type OrderDetail } from '../../api/checkout';
import { fetchVerificationStatus, type Identity, type VerificationStatus } from '../../api/kyc';
import { usePageShow } from '../../platform/page-route';
import { showMessage } from '../../platform/ui';
import { nextStep, stepUrl, type StepKey } from './steps';
import { replacePage } from '../../platform/navigation';

export interface StepData {
  order: OrderDetail;
  status: VerificationStatus;
  identity: Identity | null;
}

export type StepLoad =
  { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; data: StepData };

/**
 * Loads the order and what is verified each time the page shows; when this page's step is not
 * the one the order needs now (done already, or not reached), moves on to that one. `advance`
 * is what a step calls once it has saved: it re-reads the server and goes on.
 */
export function useVerificationStep(
  step: Exclude<StepKey, 'pay'>,
  orderId: number,
  /** Runs before handing the order to the payment screens; false stays on this step. */
  beforeLeave?: (data: StepData) => Promise<boolean>,
) {
  const [load, setLoad] = useState<StepLoad>({ state: 'loading' });
  const moving = useRef(false);

  const goOn = useCallback(
    async (data: StepData): Promise<boolean> => {
      const next = nextStep(data.order, data.status);
      if (next.kind === 'confirm') {
        const reply = await confirmOrder(orderId);
        if (reply.code !== 200) {
          void showMessage(reply.msg);
          return false;
        }
        return goOn({ ...data, order: reply.data });
      }
      if (next.kind === 'step' && next.step === step) return false;
      if (next.kind === 'leave' && beforeLeave && !(await beforeLeave(data))) return false;
      moving.current = true;
      await replacePage(next.kind === 'step' ? stepUrl(next.step, orderId) : next.url);
      return true;
    },
    [orderId, step, beforeLeave],
  );

  const reload = useCallback(async (): Promise<StepData | undefined> => {
    if (!Number.isInteger(orderId) || orderId <= 0) {
      setLoad({ state: 'error', message: '' });
      return undefined;
    }
    const [order, auth] = await Promise.all([fetchPlacedOrder(orderId), fetchVerificationStatus()]);
    if (order.code !== 200 || auth.code !== 200) {
      setLoad({ state: 'error', message: order.code !== 200 ? order.msg : auth.msg });
      return undefined;
    }
    const data = { order: order.data, status: auth.data.status, identity: auth.data.identity };
    setLoad({ state: 'ready', data });
    return data;
  }, [orderId]);

  const running = useRef(false);
  const again = useRef(false);
  const refresh = useCallback(async () => {
    // The page's show and the first mount both ask; one confirm at a time.
    if (moving.current) return;
    // A step saved while a read runs (the face verdict in as the page shows again): read after.
    if (running.current) {
      again.current = true;
      return;
    }
    running.current = true;
    try {
      do {
        again.current = false;
        const data = await reload();
        if (data) await goOn(data);
      } while (again.current && !moving.current);
    } finally {
      running.current = false;
    }
  }, [goOn, reload]);

  // The page's first show comes with its mount: one read for both (it was two, each an order and
  // a status). A show after that (back from the face check or the signing page) reads again.
  const firstRead = useRef<'none' | 'running' | 'done'>('none');
  const readOnShow = useCallback(() => {
    if (firstRead.current === 'running') return;
    if (firstRead.current === 'done') {
      void refresh();
      return;
    }
    firstRead.current = 'running';
    void refresh().finally(() => {
      firstRead.current = 'done';
    });
  }, [refresh]);
  usePageShow(readOnShow);
  // usePageShow does not fire under the unit-test renderer; the first load must not wait for it.
  useEffect(readOnShow, [readOnShow]);

  return { load, reload, refresh, advance: refresh };
}
