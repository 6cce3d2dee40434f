import { pageConfig } from '../../routes';

// Pull-to-refresh reloads the page's list (components/paged-list).
export default definePageConfig(pageConfig('pages/enjoy/enjoy', { enablePullDownRefresh: true }));
