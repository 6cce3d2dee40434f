import { definePage } from '@/components/page-frame';
import { RealNameStep } from '@/features/verification/RealNameStep';

export default definePage('pages/perfectIdCard/perfectIdCard', RealNameStep);
