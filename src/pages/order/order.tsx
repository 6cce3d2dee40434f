import { definePage } from '@/components/page-frame';
import { ConfirmOrder } from '@/features/checkout/ConfirmOrder';

export default definePage('pages/order/order', ConfirmOrder);
