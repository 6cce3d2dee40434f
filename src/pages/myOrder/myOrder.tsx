import { definePage } from '@/components/page-frame';
import { OrderList } from '@/features/order/OrderList';

export default definePage('pages/myOrder/myOrder', OrderList);
