import { definePage } from '@/components/page-frame';
import { TestAuth } from '@/features/payment/TestAuth';

export default definePage('pages/testAuth/testAuth', TestAuth);
