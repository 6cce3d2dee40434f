/** Writing brand values into built artifacts: the build-time half of src/brands/tokens.ts. */
import { BRAND_RECORDS } from '../contract/brands/records';
import type { Brand } from '../contract/brands/types';

import { BRAND_RECORDS_PLACEHOLDER } from '../src/brands/tokens';

export {
  BRAND_COLOR_PLACEHOLDER,
  BRAND_PLACEHOLDER,
  BRAND_RECORDS_PLACEHOLDER,
} from '../src/brands/tokens';

/** The records as JSON safe to put inside an HTML script element. */
export function brandRecordsJson(records: readonly Brand[] = BRAND_RECORDS): string {
  return JSON.stringify(records).replace(/</g, '\\u003c');
}

/** Mini-program code: the records token (in whatever quotes the minifier chose) → JSON text. */
export function stampBrandRecords(code: string, records: readonly Brand[] = BRAND_RECORDS): string {
  const token = new RegExp(`(["'\`])${BRAND_RECORDS_PLACEHOLDER}\\1`, 'g');
  const literal = JSON.stringify(JSON.stringify(records));
  return code.replace(token, () => literal);
}

const RECORDS_ELEMENT = /(<script id="?brand-records"?[^>]*>)[\s\S]*?(<\/script>)/;

/** H5 index.html: replaces the records element's content with the current records. */
export function stampIndexHtml(html: string, records: readonly Brand[] = BRAND_RECORDS): string {
  if (!RECORDS_ELEMENT.test(html)) throw new Error('index.html has no brand-records element');
  return html.replace(
    RECORDS_ELEMENT,
    (_m, open: string, close: string) => `${open}${brandRecordsJson(records)}${close}`,
  );
}
