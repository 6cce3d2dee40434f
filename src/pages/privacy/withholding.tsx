import { definePage } from '@/components/page-frame';
import { Withholding } from '@/features/account/Withholding';

export default definePage('pages/privacy/withholding', Withholding);
