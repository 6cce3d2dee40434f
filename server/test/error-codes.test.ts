// engines: pglite (reads the source: no database)
/**
 * Stable error codes: every message the server can send is in contract/errors.ts, and the
 * envelope carries its code. Reads the source, so it needs no database and runs in one pass.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { ERROR_MESSAGES } from '../../contract/errors.ts';
import { blockedMessage } from '../src/privacy/account.ts';
import { GENERIC_MESSAGES, validationMessage } from '../src/plugins/envelope.ts';
import { failure, reasonOf } from '../src/plugins/error-reasons.ts';
import { onlyOn } from './helpers.ts';

const SRC = path.join(import.meta.dirname, '../src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Fills `${…}` parts of a template literal with a sample, as a thrown message would have them. */
const sample = (literal: string) => literal.replace(/\$\{[^}]*\}/g, '示例');

/** Literal messages handed to the error helpers, and `msg:` of envelopes built by hand. */
function thrownMessages(): { at: string; message: string }[] {
  const found: { at: string; message: string }[] = [];
  const call =
    /(?:badRequest|notFound|conflict|tooMany|unauthorized)\(\s*(['`])((?:(?!\1).)*)\1|new ApiError\(\s*[\w.]+,\s*(['`])((?:(?!\3).)*)\3|(?:msg: |failure\([\w.]+, )(['`])((?:(?!\5).)*)\5/gs;
  for (const file of sourceFiles(SRC)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(call)) {
      const literal = match[2] ?? match[4] ?? match[6]!;
      const line = text.slice(0, match.index).split('\n').length;
      found.push({ at: `${path.relative(SRC, file)}:${line}`, message: sample(literal) });
    }
  }
  return found;
}

describe('stable error codes', { skip: onlyOn('pglite') }, () => {
  test('every message thrown in server/src has a code in contract/errors.ts', () => {
    const messages = thrownMessages();
    assert.ok(messages.length > 100, `found ${messages.length} messages`);
    const missing = messages.filter((m) => !reasonOf(m.message)).map((m) => `${m.at} ${m.message}`);
    assert.deepEqual(missing, []);
  });

  test('messages built at run time have codes: validation, generic statuses, account cancellation', () => {
    const keywords = [
      'required',
      'minLength',
      'maxLength',
      'minItems',
      'maxItems',
      'additionalProperties',
      'pattern',
    ];
    const built = [
      ...keywords.flatMap((keyword) =>
        [1, 5].map((limit) =>
          validationMessage(
            {
              keyword,
              instancePath: '/mobile',
              params: { limit, missingProperty: 'code', additionalProperty: 'x' },
            },
            'body',
          ),
        ),
      ),
      ...Object.values(GENERIC_MESSAGES),
      blockedMessage({
        orders: [
          { orderId: 7, platform: 1, status: 'RENTING', statusText: '租赁中', goodsName: 'x' },
        ],
        bills: [
          {
            billId: 3,
            orderId: 7,
            platform: 1,
            kind: 'stage',
            period: 2,
            dueDate: '2026-01-01',
            outstanding: 12_300,
          },
        ],
      }),
    ];
    assert.deepEqual(
      built.filter((message) => !reasonOf(message)),
      [],
    );
    assert.equal(reasonOf(built.at(-1)!)?.reason, 'ACCOUNT_CANCEL_BLOCKED');
  });

  test('each message is in the table once, so a message names one code', () => {
    const texts = Object.values(ERROR_MESSAGES);
    assert.equal(new Set(texts).size, texts.length);
  });

  test('a message with parts gives its code and the parts; an unknown one its status code', () => {
    assert.deepEqual(failure(400, 'mobile 长度不能超过 11', 400), {
      code: 400,
      msg: 'mobile 长度不能超过 11',
      data: null,
      reason: 'FIELD_TOO_LONG',
      params: { field: 'mobile', limit: '11' },
    });
    assert.equal(
      failure(400, '年满18周岁才能租赁，您未满18周岁，无法完成实名认证', 400).reason,
      'UNDER_AGE',
    );
    assert.equal(failure(400, '银行预留手机号不符', 400).reason, 'BAD_REQUEST');
    assert.equal(failure(500, 'anything', 500).reason, 'INTERNAL_ERROR');
  });
});
