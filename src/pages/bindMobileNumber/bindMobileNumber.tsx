import { definePage } from '@/components/page-frame';
import { BindMobile } from '@/features/auth/BindMobile';

export default definePage('pages/bindMobileNumber/bindMobileNumber', BindMobile);
