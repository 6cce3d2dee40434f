import { definePage } from '@/components/page-frame';
import { CreditStep } from '@/features/verification/CreditStep';

export default definePage('pages/zhima/zhima', CreditStep);
