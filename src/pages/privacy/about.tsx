import { definePage } from '@/components/page-frame';
import { About } from '@/features/brand/About';

export default definePage('pages/privacy/about', About);
