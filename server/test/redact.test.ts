// engines: pglite (a pure function: no database)
/** What the logs keep of a mobile and of the identifiers that merely contain eleven digits. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { maskMobilesIn, redactUrl } from '../src/lib/redact.ts';

test('a mobile in free text or a URL is masked', () => {
  assert.equal(maskMobilesIn('sms to 13812341234 sent'), 'sms to 138****1234 sent');
  assert.equal(maskMobilesIn('/api/user/13812341234/x'), '/api/user/138****1234/x');
  assert.equal(maskMobilesIn('mobile=13812341234&a=1'), 'mobile=138****1234&a=1');
});

test('a trade or order number that contains a mobile-looking run stays whole', () => {
  const trade = 'PTMX0UP719B15864099602';
  assert.equal(maskMobilesIn(`/pay/cashier/${trade}`), `/pay/cashier/${trade}`);
  assert.equal(maskMobilesIn('R13812341234X'), 'R13812341234X');
  assert.equal(redactUrl(`/pay/cashier/${trade}?sig=abc`), `/pay/cashier/${trade}?sig=***`);
});
