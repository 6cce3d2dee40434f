import { pageConfig } from '../../routes';

export default definePageConfig(pageConfig('pages/agreement/agreement'));
