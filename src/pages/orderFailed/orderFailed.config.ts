import { pageConfig } from '../../routes';

export default definePageConfig(pageConfig('pages/orderFailed/orderFailed'));
