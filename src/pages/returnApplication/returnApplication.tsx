import { definePage } from '@/components/page-frame';
import { ReturnApplication } from '@/features/aftersale/ReturnApplication';

export default definePage('pages/returnApplication/returnApplication', ReturnApplication);
