import { definePage } from '@/components/page-frame';
import { PaymentResult } from '@/features/payment/PaymentResult';

export default definePage('pages/paymentResult/paymentResult', PaymentResult);
