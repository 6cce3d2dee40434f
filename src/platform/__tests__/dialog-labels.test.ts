/**
 * WeChat, Alipay and Taro's H5 refuse a modal whose button label is longer than 4 Chinese
 * characters (8 units, a CJK character counting 2): the call fails and no dialog appears, so the
 * user can never confirm. Every label a `confirmAction` call passes must fit, in every language.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ALL_MESSAGES } from '@contract/i18n';

const SRC = path.resolve(__dirname, '../..');

/** Taro H5's own measure (taro-h5 showModal): CJK counts twice. */
const labelUnits = (text: string) => text.replace(/[\u0391-\uFFE5]/g, 'aa').length;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__tests__' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The message keys passed as `confirm:` / `cancel:` labels of each confirmAction call. */
function dialogLabelKeys(): Set<string> {
  const keys = new Set<string>();
  for (const file of sourceFiles(SRC)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const call of text.split('confirmAction(').slice(1)) {
      // The call's options object follows within a few lines (labels are short keys).
      const options = call.slice(0, 400);
      for (const match of options.matchAll(/(?:confirm|cancel):\s*\w+\(\s*'([\w.]+)'/g))
        keys.add(match[1]);
    }
  }
  return keys;
}

describe('dialog button labels', () => {
  const keys = dialogLabelKeys();

  it('finds the labels of the dialogs the app shows', () => {
    // Cancel order, confirm receipt, delete address, close account, unbind, leave verification…
    expect(keys.size).toBeGreaterThanOrEqual(8);
    expect(keys).toContain('dialog.cancelOrder');
    expect(keys).toContain('order.earlyReturn.dialogConfirm');
  });

  it('fit the platforms’ limit in every language', () => {
    const tooLong: string[] = [];
    for (const [language, messages] of Object.entries(ALL_MESSAGES))
      for (const key of keys) {
        const label = (messages as Record<string, string>)[key];
        if (label === undefined || labelUnits(label) > 8)
          tooLong.push(`${language} ${key}: ${label ?? 'missing'}`);
      }
    expect(tooLong).toEqual([]);
  });
});
