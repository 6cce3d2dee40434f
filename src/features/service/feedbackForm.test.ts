import fs from 'node:fs';
import path from 'node:path';
import { translate } from '../../i18n';
import {
  CONTENT_MAX,
  MAX_IMAGES,
  imagesBlocker,
  imagesReducer,
  validateContent,
  validateMobile,
  validateType,
  type FeedbackImage,
  type FieldError,
} from './feedbackForm';

const say = (error?: FieldError) =>
  error ? translate('zh-Hans', error.key, error.params) : undefined;
const blns = JSON.parse(
  fs.readFileSync(path.resolve(__dirname, '../../../../shared/fuzz/blns.json'), 'utf8'),
) as string[];

describe('feedback text', () => {
  test('needs 5 to 500 characters, counted as the server counts them', () => {
    expect(say(validateContent(''))).toBe('请填写问题描述');
    expect(say(validateContent('   '))).toBe('请填写问题描述');
    expect(say(validateContent('屏幕坏'))).toBe('请至少输入 5 个字');
    expect(validateContent('屏幕有划痕了')).toBeUndefined();
    // Surrounding spaces are not sent, so they do not count.
    expect(say(validateContent('  屏幕坏  '))).toBe('请至少输入 5 个字');
    // An emoji is one character for the server (code points), not two.
    expect(validateContent('好'.repeat(CONTENT_MAX - 1) + '😀')).toBeUndefined();
    expect(say(validateContent('好'.repeat(CONTENT_MAX + 1)))).toBe('最多 500 个字，请删减');
  });

  test('refuses what the server refuses: NUL, a leading BOM, a lone surrogate', () => {
    for (const text of ['坏了坏了\u0000坏了', '\uFEFF屏幕有划痕', '屏幕有划痕\uD800']) {
      expect(say(validateContent(text))).toBe('内容含有无法识别的字符');
    }
  });

  test('never throws on the naughty strings and answers each with a message or nothing', () => {
    for (const text of blns) {
      const error = validateContent(text);
      expect(error === undefined || typeof say(error) === 'string').toBe(true);
    }
  });
});

describe('contact mobile and type', () => {
  test('the mobile is optional, and when given a mainland mobile', () => {
    expect(validateMobile('')).toBeUndefined();
    expect(validateMobile('13800138000')).toBeUndefined();
    expect(say(validateMobile('1380013800'))).toBe('请输入正确的手机号');
    expect(say(validateMobile('12800138000'))).toBe('请输入正确的手机号');
    expect(say(validateMobile('１３８００１３８０００'))).toBe('请输入正确的手机号');
  });

  test('a type must be chosen', () => {
    expect(say(validateType(undefined))).toBe('请选择反馈类型');
    expect(validateType('goods')).toBeUndefined();
  });
});

describe('picked images', () => {
  const picked = (n: number, from = 0) =>
    Array.from({ length: n }, (_, i) => ({ key: `k${from + i}`, localPath: `blob:${from + i}` }));

  test('keep at most three, each uploading as it is added', () => {
    let images = imagesReducer([], { type: 'add', images: picked(2) });
    images = imagesReducer(images, { type: 'add', images: picked(2, 2) });
    expect(images.map((image) => image.key)).toEqual(['k0', 'k1', 'k2']);
    expect(images).toHaveLength(MAX_IMAGES);
    expect(images.every((image) => image.status === 'uploading')).toBe(true);
    expect(say(imagesBlocker(images))).toBe('请等待图片上传完成');
  });

  test('a failed upload blocks the submit until retried or removed', () => {
    let images: FeedbackImage[] = imagesReducer([], { type: 'add', images: picked(2) });
    images = imagesReducer(images, { type: 'uploaded', key: 'k0', uploadId: 'a'.repeat(32) });
    images = imagesReducer(images, { type: 'failed', key: 'k1', message: '文件类型不支持' });
    expect(images[1]).toMatchObject({ status: 'failed', message: '文件类型不支持' });
    expect(say(imagesBlocker(images))).toBe('有图片上传失败，请重试或删除');
    const retried = imagesReducer(images, { type: 'retry', key: 'k1' });
    expect(retried[1]).toMatchObject({ status: 'uploading', message: undefined });
    const removed = imagesReducer(images, { type: 'remove', key: 'k1' });
    expect(removed.map((image) => image.uploadId)).toEqual(['a'.repeat(32)]);
    expect(imagesBlocker(removed)).toBeUndefined();
  });

  test('an answer for an image already removed changes nothing', () => {
    let images = imagesReducer([], { type: 'add', images: picked(1) });
    images = imagesReducer(images, { type: 'remove', key: 'k0' });
    expect(
      imagesReducer(images, { type: 'uploaded', key: 'k0', uploadId: 'b'.repeat(32) }),
    ).toEqual([]);
  });
});
