import { definePage } from '@/components/page-frame';
import { AliLogin } from '@/features/auth/AliLogin';

export default definePage('pages/alipay/aliLogin', AliLogin);
