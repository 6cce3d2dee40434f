import { pageConfig } from '../../routes';

export default definePageConfig(
  pageConfig('pages/commonProblem/commonProblem', { enablePullDownRefresh: true }),
);
