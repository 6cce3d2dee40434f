import { pageConfig } from '../../routes';

export default definePageConfig(pageConfig('pages/coupon/coupon', { enablePullDownRefresh: true }));
