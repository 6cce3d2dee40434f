import { definePage } from '@/components/page-frame';
import { Feedback } from '@/features/service/Feedback';

export default definePage('pages/feedBack/feedBack', Feedback);
