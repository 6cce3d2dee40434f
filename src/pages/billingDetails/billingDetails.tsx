import { definePage } from '@/components/page-frame';
import { BillItem } from '@/features/bill/BillItem';

export default definePage('pages/billingDetails/billingDetails', BillItem);
