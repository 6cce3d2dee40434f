import { definePage } from '@/components/page-frame';
import { PayScreen } from '@/features/payment/PayScreen';

export default definePage('pages/pay/pay', PayScreen);
