import { definePage } from '@/components/page-frame';
import { EnjoyScreen } from '@/features/catalog/EnjoyScreen';

export default definePage('pages/enjoy/enjoy', EnjoyScreen);
