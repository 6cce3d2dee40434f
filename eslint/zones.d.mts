/** Types of ./zones.mjs for the TypeScript that imports it (test/zones.test.ts). */
import type { ESLint } from 'eslint';

/** Why a file at repository path `from` may not import `to`, or undefined when it may. */
export function zoneViolation(from: string, to: string): string | undefined;

/** Why a file at repository path `file` may not sit there (server/src holds the entry points only). */
export function looseServerFile(file: string): string | undefined;

declare const zones: ESLint.Plugin;
export default zones;
