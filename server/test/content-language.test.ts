// engines: pglite (translations: no engine difference)
/**
 * The server's own content in the user's language (Accept-Language): categories, customer-service
 * questions and answers, reasons, express companies, goods' services and the account-closing
 * lists come translated; goods names and what users typed stay as they are. Every text the server
 * writes itself has a translation in every served language.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LANGUAGES } from '../../contract/http.ts';
import { contentSources } from '../src/i18n/content-sources.ts';
import { contentTranslator, requestLanguage } from '../src/i18n/content.ts';
import { onlyOn, startTestServer, type TestServer } from './helpers.ts';

let server: TestServer;

before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server?.close();
});

const CJK = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]/;

async function dataIn<T>(language: string | undefined, path: string, platform = 1): Promise<T> {
  const reply = await server.request<T>('GET', path, {
    platform,
    headers: language ? { 'x-language': language } : {},
  });
  assert.equal(reply.status, 200, JSON.stringify(reply.body));
  return reply.body.data;
}

describe('content in the user’s language', () => {
  it('categories, questions and answers in English; Simplified Chinese without the header', async () => {
    const zh = await dataIn<{ name: string }[]>(undefined, '/api/category/list');
    const en = await dataIn<{ name: string }[]>('en', '/api/category/list');
    assert.equal(zh[0].name, '手机');
    assert.equal(en[0].name, 'Phones');
    const questions = await dataIn<{ question: string; answer: string }[]>(
      'fr',
      '/api/service/question',
    );
    assert.ok(questions.length > 10);
    for (const { question, answer } of questions) {
      assert.doesNotMatch(question + answer, CJK, question);
    }
    const types = await dataIn<{ name: string }[]>('zh-Hant', '/api/service/questionType');
    assert.match(types[2].name, /^[賬帳]單與支付$/);
  });

  it('reasons and express companies in Spanish; the goods keep their names', async () => {
    const reasons = await dataIn<{ label: string }[]>(
      'es',
      '/api/common/dictionary?type=return_reason',
    );
    assert.deepEqual(
      reasons.map((reason) => reason.label),
      [
        'El alquiler ha terminado',
        'Ya no lo necesito',
        'El artículo está averiado',
        'No coincide con la descripción',
        'Otro',
      ],
    );
    const express = await dataIn<{ name: string }[]>('es', '/api/common/express');
    assert.equal(express[0].name, 'SF Express');
    const goods = await dataIn<{ name: string; services: { name: string }[] }>(
      'en',
      '/api/goods/info/1',
    );
    const zhGoods = await dataIn<{ name: string }>(undefined, '/api/goods/info/1');
    assert.equal(goods.name, zhGoods.name);
    assert.ok(goods.services.every((service) => !CJK.test(service.name)));
  });

  it('answers in Chinese whatever language the browser itself asks for', async () => {
    // Chromium sends Accept-Language: en-US on every request; only the app's choice counts.
    const reply = await server.request<{ name: string }[]>('GET', '/api/category/list', {
      platform: 1,
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    assert.equal(reply.body.data[0].name, '手机');
    assert.equal(requestLanguage('fr'), 'fr');
    assert.equal(requestLanguage('de'), 'zh-Hans');
    assert.equal(requestLanguage(undefined), 'zh-Hans');
  });
});

describe('every text the server writes itself', { skip: onlyOn('pglite') }, () => {
  for (const language of LANGUAGES.filter((l) => l !== 'zh-Hans' && l !== 'zh-Hant')) {
    it(`has a ${language} translation, with no Chinese left in it`, () => {
      const translate = contentTranslator(language)!;
      const missing = contentSources().filter((text) => {
        const translated = translate(text.replace(/\{\w+\}/g, 'X1'));
        return translated === text.replace(/\{\w+\}/g, 'X1') || CJK.test(translated);
      });
      assert.deepEqual(missing, []);
    });
  }

  it('fills in the varying parts of a note', () => {
    assert.equal(contentTranslator('en')!('续租至 2027-01-31'), 'Renewed until 2027-01-31');
  });
});
