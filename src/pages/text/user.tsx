import { definePage } from '@/components/page-frame';
import { PrivacyPolicy } from '@/features/service/LegalText';

export default definePage('pages/text/user', PrivacyPolicy);
