import { definePage } from '@/components/page-frame';
import { LoginNew } from '@/features/auth/LoginNew';

export default definePage('pages/loginNew/loginNew', LoginNew);
