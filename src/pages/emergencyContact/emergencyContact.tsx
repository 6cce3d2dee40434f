import { definePage } from '@/components/page-frame';
import { ContactStep } from '@/features/verification/ContactStep';

export default definePage('pages/emergencyContact/emergencyContact', ContactStep);
