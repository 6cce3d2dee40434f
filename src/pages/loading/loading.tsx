import { definePage } from '@/components/page-frame';
import { PaymentWaiting } from '@/features/payment/PaymentWaiting';

export default definePage('pages/loading/loading', PaymentWaiting);
