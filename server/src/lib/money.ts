/**
 * Money is integer fen everywhere; the server writes it as yuan text with the same formatter the
 * storefront shows it with (contract/money.ts), so a sum reads the same on both sides.
 */
export { formatMoney as yuan } from '../../../contract/money.ts';
