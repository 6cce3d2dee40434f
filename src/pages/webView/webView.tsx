import { definePage } from '@/components/page-frame';
import { EmbeddedWebPage } from '@/features/webview/WebPages';

export default definePage('pages/webView/webView', EmbeddedWebPage);
