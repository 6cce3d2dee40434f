import { definePage } from '@/components/page-frame';
import { OrderSuccess } from '@/features/payment/OrderSuccess';

export default definePage('pages/orderSuccess/orderSuccess', OrderSuccess);
