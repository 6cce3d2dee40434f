import { pageConfig } from '../../routes';

export default definePageConfig(pageConfig('pages/valueAddedServices/valueAddedServices'));
