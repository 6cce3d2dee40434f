import { definePage } from '@/components/page-frame';
import { ProductScreen } from '@/features/catalog/ProductScreen';

export default definePage('pages/commodityDetails/commodityDetails', ProductScreen);
