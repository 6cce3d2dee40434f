import { useCallback, useEffect, useState } from 'react';
import { fetchPaymentState, type OrderDetail } from '../../api/pay';

export type OrderLoad =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; order: OrderDetail };

/** The order as the server has it now, with a reload for the error state's retry. */
export function useOrder(orderId: number | undefined) {
  const [load, setLoad] = useState<OrderLoad>({ state: 'loading' });
  const reload = useCallback(async () => {
    if (orderId === undefined) return;
    setLoad({ state: 'loading' });
    const reply = await fetchPaymentState(orderId);
    setLoad(
      reply.code === 200 && reply.data
        ? { state: 'ready', order: reply.data }
        : { state: 'error', message: reply.msg },
    );
  }, [orderId]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { load, reload };
}
