import fs from 'node:fs';
import path from 'node:path';
import { BRAND_RECORDS } from '../../contract/brands/records';
import { TAB_BAR_STYLE } from '../routes';
import { contrastRatio, hexToRgb } from '../../test/wcag';

/** The literal colours of _tokens.scss, by name. */
function tokens(): Record<string, string> {
  const scss = fs.readFileSync(path.join(__dirname, '_tokens.scss'), 'utf8');
  return Object.fromEntries(
    [...scss.matchAll(/^\$([\w-]+):\s*(#[0-9a-f]{6});/gim)].map((m) => [m[1], m[2]]),
  );
}

describe('text colours (WCAG AA, 4.5:1)', () => {
  const colours = tokens();
  const backgrounds = { card: colours['card-bg'], page: colours['page-bg'] };

  it('grey, state and danger text tokens can be read on cards and on the page background', () => {
    for (const name of [
      'text-primary',
      'text-secondary',
      'text-tertiary',
      'state-paid',
      'state-overdue',
      'state-due',
      'danger',
    ]) {
      for (const [where, background] of Object.entries(backgrounds)) {
        const ratio = contrastRatio(hexToRgb(colours[name]), hexToRgb(background));
        expect({ name, where, pass: ratio >= 4.5 }).toEqual({ name, where, pass: true });
      }
    }
  });

  it('every brand colour can be read as text on cards and on the page background', () => {
    for (const brand of BRAND_RECORDS) {
      for (const [where, background] of Object.entries(backgrounds)) {
        const ratio = contrastRatio(brand.themeColorNumber, hexToRgb(background));
        expect({ brand: brand.id, where, pass: ratio >= 4.5 }).toEqual({
          brand: brand.id,
          where,
          pass: true,
        });
      }
    }
  });

  it('unselected tab labels can be read on the tab bar', () => {
    const ratio = contrastRatio(
      hexToRgb(TAB_BAR_STYLE.color),
      hexToRgb(TAB_BAR_STYLE.backgroundColor),
    );
    expect(ratio).toBeGreaterThanOrEqual(4.5);
  });
});
