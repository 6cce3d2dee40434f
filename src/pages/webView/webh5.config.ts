import { pageConfig } from '../../routes';

export default definePageConfig(pageConfig('pages/webView/webh5'));
