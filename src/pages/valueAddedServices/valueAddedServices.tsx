import { definePage } from '@/components/page-frame';
import { ValueAddedServicesScreen } from '@/features/catalog/ValueAddedServicesScreen';

export default definePage('pages/valueAddedServices/valueAddedServices', ValueAddedServicesScreen);
