import { definePage } from '@/components/page-frame';
import { BillPlan } from '@/features/bill/BillPlan';

export default definePage('pages/billDetail/billDetail', BillPlan);
