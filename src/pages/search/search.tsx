import { definePage } from '@/components/page-frame';
import { SearchScreen } from '@/features/catalog/SearchScreen';

export default definePage('pages/search/search', SearchScreen);
