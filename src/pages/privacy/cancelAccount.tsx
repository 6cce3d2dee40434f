import { definePage } from '@/components/page-frame';
import { CancelAccount } from '@/features/account/CancelAccount';

export default definePage('pages/privacy/cancelAccount', CancelAccount);
