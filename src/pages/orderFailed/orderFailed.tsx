import { definePage } from '@/components/page-frame';
import { OrderFailed } from '@/features/payment/OrderFailed';

export default definePage('pages/orderFailed/orderFailed', OrderFailed);
