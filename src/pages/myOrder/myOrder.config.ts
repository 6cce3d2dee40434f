import { pageConfig } from '../../routes';

export default definePageConfig(
  pageConfig('pages/myOrder/myOrder', { enablePullDownRefresh: true }),
);
