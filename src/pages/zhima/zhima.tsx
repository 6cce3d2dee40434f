import { definePage } from '@/components/page-frame';
import { PagePlaceholder } from '@/components/page-placeholder';

export default definePage('pages/zhima/zhima', PagePlaceholder);
