import { definePage } from '@/components/page-frame';
import { Logistics } from '@/features/aftersale/Logistics';

export default definePage('pages/logisticsDetails/logisticsDetails', Logistics);
