/**
 * `npx tsx scripts/size-report.ts`: the size limits of issue 21. Lists every screen file over
 * 200 lines (files under src/pages/** and the components of src/features/**) and every function
 * over 150 lines in the storefront, the server, the contract and the scripts, tests and data
 * aside. Exits non-zero when anything is listed.
 *
 *   SIZE_REPORT_ROOTS=src,contract   scan only these folders for long functions
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const SCREEN_LINE_LIMIT = 200;
export const FUNCTION_LINE_LIMIT = 150;

const root = path.resolve(__dirname, '..');
const DEFAULT_ROOTS = ['src', 'server/src', 'contract', 'scripts', 'config'];
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '__tests__', 'static', 'i18n']);

/** Tests and declarations aside; data modules (catalogues, seed records) are not code to split. */
function isCodeFile(relative: string): boolean {
  if (!/\.(ts|tsx)$/.test(relative) || relative.endsWith('.d.ts')) return false;
  if (/\.test\.tsx?$/.test(relative)) return false;
  return !relative.split('/').some((part) => SKIPPED_FOLDERS.has(part));
}

function listFiles(folder: string): string[] {
  const absolute = path.join(root, folder);
  if (!fs.existsSync(absolute)) return [];
  const found: string[] = [];
  for (const entry of fs.readdirSync(absolute, { withFileTypes: true })) {
    const relative = path.posix.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) found.push(...listFiles(relative));
    } else if (isCodeFile(relative)) {
      found.push(relative);
    }
  }
  return found;
}

/** A page module, or a component a feature draws (its screens and their parts). */
export function isScreenFile(relative: string): boolean {
  if (!isCodeFile(relative)) return false;
  return relative.startsWith('src/pages/') || /^src\/features\/.+\.tsx$/.test(relative);
}

export function lineCount(text: string): number {
  const lines = text.split('\n');
  return text.endsWith('\n') ? lines.length - 1 : lines.length;
}

export interface LongFunction {
  file: string;
  line: number;
  name: string;
  lines: number;
}

function functionName(node: ts.FunctionLikeDeclaration): string {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isCallExpression(parent)) {
    const callee = parent.expression.getText();
    return `(callback of ${callee.length > 40 ? `${callee.slice(0, 40)}…` : callee})`;
  }
  return '(anonymous)';
}

/** Every function-like node of one source text longer than `limit` lines. */
export function longFunctions(file: string, text: string, limit: number): LongFunction[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const declaration = node as ts.FunctionLikeDeclaration;
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > limit) {
        found.push({ file, line: start + 1, name: functionName(declaration), lines });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function main(): number {
  const roots = process.env.SIZE_REPORT_ROOTS?.split(',').map((r) => r.trim()) ?? DEFAULT_ROOTS;
  const files = [...new Set([...roots, 'src/pages', 'src/features'].flatMap(listFiles))].sort();
  const longScreens: { file: string; lines: number }[] = [];
  const longOnes: LongFunction[] = [];
  for (const file of files) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const lines = lineCount(text);
    if (isScreenFile(file) && lines > SCREEN_LINE_LIMIT) longScreens.push({ file, lines });
    if (roots.some((r) => file === r || file.startsWith(`${r}/`))) {
      longOnes.push(...longFunctions(file, text, FUNCTION_LINE_LIMIT));
    }
  }
  console.log(`Screen files over ${SCREEN_LINE_LIMIT} lines: ${longScreens.length}`);
  for (const s of longScreens) console.log(`  ${s.file}  ${s.lines} lines`);
  console.log(`Functions over ${FUNCTION_LINE_LIMIT} lines: ${longOnes.length}`);
  for (const f of longOnes) console.log(`  ${f.file}:${f.line}  ${f.name}  ${f.lines} lines`);
  return longScreens.length + longOnes.length > 0 ? 1 : 0;
}

if (require.main === module) process.exitCode = main();
