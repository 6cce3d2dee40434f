import { definePage } from '@/components/page-frame';
import { RegistrationAgreement } from '@/features/service/LegalText';

export default definePage('pages/text/register', RegistrationAgreement);
