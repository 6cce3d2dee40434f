import { definePage } from '@/components/page-frame';
import { ExternalJumpPage } from '@/features/webview/WebPages';

export default definePage('pages/webView/webh5', ExternalJumpPage);
