import { pageConfig } from '../../routes';

export default definePageConfig(pageConfig('pages/loading/loading'));
