import { pageConfig } from '../../routes';

export default definePageConfig(
  pageConfig('pages/customer-service/customerService', { enablePullDownRefresh: true }),
);
