import { definePage } from '@/components/page-frame';
import { PhoneLogin } from '@/features/auth/PhoneLogin';

export default definePage('pages/login/login', PhoneLogin);
