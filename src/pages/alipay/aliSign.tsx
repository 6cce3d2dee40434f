import { definePage } from '@/components/page-frame';
import { AliSign } from '@/features/payment/AliSign';

export default definePage('pages/alipay/aliSign', AliSign);
