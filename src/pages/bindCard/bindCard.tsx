import { definePage } from '@/components/page-frame';
import { BindCardStep } from '@/features/verification/BindCardStep';

export default definePage('pages/bindCard/bindCard', BindCardStep);
