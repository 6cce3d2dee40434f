import { pageConfig } from '../../routes';

export default definePageConfig(pageConfig('pages/notFound/notFound'));
