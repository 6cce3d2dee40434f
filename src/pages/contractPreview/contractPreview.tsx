import { definePage } from '@/components/page-frame';
import { PagePlaceholder } from '@/components/page-placeholder';

export default definePage('pages/contractPreview/contractPreview', PagePlaceholder);
