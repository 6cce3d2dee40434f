import { definePage } from '@/components/page-frame';
import { OrderDetailScreen } from '@/features/order/OrderDetail';

export default definePage('pages/orderDetail/orderDetail', OrderDetailScreen);
