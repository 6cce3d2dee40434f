import { definePage } from '@/components/page-frame';
import { ClassifyScreen } from '@/features/catalog/ClassifyScreen';

export default definePage('pages/classify/classify', ClassifyScreen);
