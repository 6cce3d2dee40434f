import { definePage } from '@/components/page-frame';
import { NotFound } from '@/features/launch/NotFound';

export default definePage('pages/notFound/notFound', NotFound);
