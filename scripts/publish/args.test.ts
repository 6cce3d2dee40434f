import { parsePublishArgs, UsageError } from './args';

const parse = (line: string) => parsePublishArgs(line.split(' ').filter(Boolean));

it('reads every option', () => {
  expect(
    parsePublishArgs([
      '--target',
      'weapp',
      '--brand',
      '3',
      '--version',
      '1.4.0',
      '--desc',
      'Spring catalogue',
      '--dry-run',
      '--preview',
      '--experience',
    ]),
  ).toEqual({
    targets: ['weapp'],
    brands: [3],
    version: '1.4.0',
    description: 'Spring catalogue',
    dryRun: true,
    preview: true,
    experience: true,
  });
});

it('leaves version and description to the caller, and switches off, when not given', () => {
  expect(parse('--target alipay --brand 9')).toEqual({
    targets: ['alipay'],
    brands: [9],
    version: undefined,
    description: undefined,
    dryRun: false,
    preview: false,
    experience: false,
  });
});

it('expands all, and reads a brand list in order without repeats', () => {
  expect(parse('--target all --brand all')).toMatchObject({
    targets: ['weapp', 'alipay'],
    brands: [1, 2, 3, 4, 5, 6, 7, 8, 9],
  });
  expect(parse('--target weapp --brand 7,1,4,1')?.brands).toEqual([1, 4, 7]);
});

it('takes --name=value as well as --name value', () => {
  expect(parse('--target=weapp --brand=2 --version=2.0.1')).toMatchObject({
    targets: ['weapp'],
    brands: [2],
    version: '2.0.1',
  });
});

it('returns null for --help, whatever else is given', () => {
  expect(parse('--help')).toBeNull();
  expect(parse('--target weapp --help')).toBeNull();
});

it.each([
  ['', '--target is required'],
  ['--target weapp', '--brand is required'],
  ['--target wechat --brand 1', '--target must be weapp, alipay or all, got "wechat"'],
  ['--target weapp --brand 10', '--brand must be 1-9, a list such as 1,4,7, or all, got "10"'],
  ['--target weapp --brand 0', '--brand must be 1-9, a list such as 1,4,7, or all, got "0"'],
  ['--target weapp --brand 1,', '--brand must be 1-9, a list such as 1,4,7, or all, got "1,"'],
  ['--target weapp --brand 1 --version 1.2', '--version must look like 1.2.3, got "1.2"'],
  ['--target weapp --brand 1 --version v1.2.3', '--version must look like 1.2.3, got "v1.2.3"'],
  ['--target weapp --brand 1 --version', '--version needs a value'],
  ['--target --brand 1', '--target needs a value'],
  ['--target weapp --brand 1 --brand 2', '--brand given twice'],
  ['--target weapp --brand 1 --dryrun', 'unknown argument "--dryrun"'],
  ['--target weapp --brand 1 extra', 'unknown argument "extra"'],
])('refuses %j: %s', (line, message) => {
  expect(() => parse(line)).toThrow(new UsageError(message));
});

it('refuses an empty description', () => {
  expect(() => parsePublishArgs(['--target', 'weapp', '--brand', '1', '--desc', ' '])).toThrow(
    '--desc must not be empty',
  );
});
