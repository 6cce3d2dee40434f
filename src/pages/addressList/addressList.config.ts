import { pageConfig } from '../../routes';

export default definePageConfig(
  pageConfig('pages/addressList/addressList', { enablePullDownRefresh: true }),
);
