import { fetchPaymentState } from '../../api/pay';
import { useEnvelope } from '../../components/states/useEnvelope';

/**
 * The order as the server has it now, for the payment screens: the skeleton, the error with its
 * retry, or the order. Without an id nothing is asked (the screen says the order is missing).
 */
export function useOrder(orderId: number | undefined) {
  return useEnvelope(orderId, () => (orderId === undefined ? '' : fetchPaymentState(orderId)));
}
