/**
 * Builds contract/validation/bankCardIssuers.ts, the offline bank-card issuer table, from the BIN data
 * in two npm packages, and writes scripts/bank-bin/merge-report.md with every decision it took.
 *
 *   npx tsx scripts/bank-bin/build.ts           writes the data file and the report
 *   npx tsx scripts/bank-bin/build.ts --check   exits 1 if the committed data file is stale
 *
 * Sources (both installed as devDependencies, never shipped):
 *   A = bankcardinfo 2.0.6 (ISC, navyxie): per-bank regular expressions `^(p1|p2…)\d{n}$`, read out of
 *       its index.js (the list is not exported; the package's own API calls Alipay over the network).
 *   B = bankcard 3.1.6 (MIT, caijf): `cards` (bin, exact length, type) and `banks` (code → name).
 *
 * Merge policy (README.md in this folder explains why):
 *   1. A pattern is (prefix, exact total length, card type); the key is (prefix, length).
 *   2. Bank codes are Alipay's codes as registered in B's `banks`; bank names come from that registry.
 *      A's codes that B does not register, or that A uses for a different bank, go through ALIASES.
 *      Where one Alipay code is shared by two banks, A's bin-level name is kept (SHARED_CODE_NAMES).
 *   3. When A and B disagree on the bank or the card type for the same key, B wins (newer, 2025).
 *   4. When A lists one key twice, its first entry wins (A's own lookup is first-match).
 *   5. Longer prefixes that give the same bank, type and length as the prefix they sit under are
 *      dropped as redundant; the lookup takes the longest prefix, so behaviour is unchanged.
 */
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { banks as registryB, cards as cardsB } from 'bankcard';
import prettier from 'prettier';

type CardType = 'DC' | 'CC' | 'SCC' | 'PC';
interface Row {
  prefix: string;
  len: number;
  code: string;
  name: string;
  type: CardType;
  source: 'A' | 'B';
}

const root = path.resolve(__dirname, '../..');
const outFile = path.join(root, 'contract/validation/bankCardIssuers.ts');
const reportFile = path.join(__dirname, 'merge-report.md');

/** bankcardinfo (code|name) → Alipay code registered in bankcard. Each is the same bank under a
 * code bankcard does not register, or a predecessor absorbed by the bank the code names today. */
const ALIASES: Record<string, string> = {
  'ZJQL|浙江泰隆商业银行': 'ZJTLCB',
  'JXNCX|江西省农村信用社联合社': 'JXRCU',
  'SCBBANK|商丘市商业银行': 'ZYB', // merged into 中原银行 (2014); B files its bins under ZYB
  'LPRDNCXYS|临汾市尧都区农村信用合作联社': 'YDRCB',
  'WHSYBANK|威海市商业银行': 'WHCCB',
  'HZBANK|湖州银行': 'HZCCB',
  'RZGWYBANK|日照银行': 'RZB',
  'QSBANK|齐商银行': 'ZBCB',
  'LYB|洛阳银行': 'BOL',
  'HQBANK|华侨银行': 'OCBC',
  'YTCB|烟台商业银行': 'YTBANK',
  'QLB|齐鲁银行': 'QLBANK',
  'CYB|集友银行': 'CYBC',
};

/** Codes that B's registry names one bank but that also carry another bank's bins: for rows whose
 * A entry names the other bank, keep A's name. (Alipay's own code list has such collisions.) */
const SHARED_CODE_NAMES: Record<string, string> = {
  'NCB|南洋商业银行': '南洋商业银行', // Nanyang Commercial Bank (HK); NCB is also 南昌银行
  'GZRCU|广州农村商业银行股份有限公司': '广州农村商业银行', // GZRCU is also 贵州省农村信用社
  'BDCBANK|天津滨海德商村镇银行': '天津滨海德商村镇银行', // BDCBANK is also 保定银行
  'JSBANK|苏州市商业银行': '苏州市商业银行', // A's second JSBANK entry; JSBANK is 江苏银行
  'CDB|承德银行': '承德银行', // B's registry says 国家开发银行, which issues no retail cards
};

/** B rows dropped because both issuer tables register the six-digit BIN to another bank.
 * B files the sub-ranges 62249804 and 94004604 under 沧州银行, but 622498 and 940046 are 河北银行's BINs
 * in A and in B alike, so a 河北银行 card in those ranges was shown as 沧州银行. */
const DROPPED_B_ROWS: Record<string, string> = {
  '62249804/19': 'BOCZ', // under 622498/19 BHB
  '94004604/19': 'BOCZ', // under 940046/19 BHB
};

/** Codes that exist only in A (no equivalent in B's registry): kept with A's code and name. */
const A_ONLY_CODES = new Set(['CQNCSYCZ', 'FGXYBANK', 'DYBANK', 'DIYEBANK', 'BCCC', 'MABDA']);

const TYPES: readonly CardType[] = ['DC', 'CC', 'SCC', 'PC'];
const isCardType = (t: string): t is CardType => (TYPES as readonly string[]).includes(t);

function readBankcardinfo(): { rows: Row[]; banks: number; version: string } {
  const dir = path.join(root, 'node_modules/bankcardinfo');
  const src = fs.readFileSync(path.join(dir, 'index.js'), 'utf8');
  const marker = 'var bankcardList = ';
  const start = src.indexOf(marker);
  const end = src.indexOf('function getBankNameByBankCode');
  if (start < 0 || end < 0) throw new Error('bankcardinfo: bankcardList not found; layout changed');
  const literal = src
    .slice(start + marker.length, end)
    .trim()
    .replace(/;$/, '');
  // The slice is a plain array literal (strings and regex literals); evaluate it with no globals.
  const list = vm.runInNewContext(`(${literal})`, Object.create(null)) as {
    bankName: string;
    bankCode: string;
    patterns: { reg: RegExp; cardType: string }[];
  }[];
  const rows: Row[] = [];
  for (const bank of list) {
    for (const p of bank.patterns) {
      const m = /^\^\(([0-9|]+)\)\\d\{(\d+)\}\$$/.exec(p.reg.source);
      if (!m) throw new Error(`bankcardinfo: unexpected pattern ${p.reg.source}`);
      if (!isCardType(p.cardType)) throw new Error(`bankcardinfo: card type ${p.cardType}`);
      for (const prefix of m[1].split('|')) {
        rows.push({
          prefix,
          len: prefix.length + Number(m[2]),
          code: bank.bankCode,
          name: bank.bankName,
          type: p.cardType,
          source: 'A',
        });
      }
    }
  }
  const version = (
    JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
  return { rows, banks: list.length, version };
}

function readBankcard(): { rows: Row[]; version: string } {
  const rows = cardsB.map((c): Row => {
    if (!isCardType(c.cardType)) throw new Error(`bankcard: card type ${c.cardType}`);
    return {
      prefix: c.cardBin,
      len: c.len,
      code: c.bankCode,
      name: c.bankName,
      type: c.cardType,
      source: 'B',
    };
  });
  const pkg = path.join(root, 'node_modules/bankcard/package.json');
  return {
    rows,
    version: (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { version: string }).version,
  };
}

const keyOf = (r: { prefix: string; len: number }) => `${r.prefix}/${r.len}`;

/** bankcardinfo's rows under bankcard's codes and names (its own aliases mapped first). */
function canonicalRowsA(rows: Row[], registry: Map<string, string>): Row[] {
  const unknownCodes = new Set<string>();
  const rowsA = rows.map((r): Row => {
    const id = `${r.code}|${r.name}`;
    if (SHARED_CODE_NAMES[id]) return { ...r, name: SHARED_CODE_NAMES[id] };
    const code = ALIASES[id] ?? r.code;
    const name = registry.get(code);
    if (name) return { ...r, code, name };
    if (!A_ONLY_CODES.has(code)) unknownCodes.add(id);
    return { ...r, code };
  });
  if (unknownCodes.size) throw new Error(`unmapped bankcardinfo codes: ${[...unknownCodes]}`);

  return rowsA;
}

/** bankcardinfo's rows by key; where it lists a key twice the first entry wins. */
function firstRowPerKey(rowsA: Row[]): { byKeyA: Map<string, Row>; dupA: string[] } {
  const byKeyA = new Map<string, Row>();
  const dupA: string[] = [];
  for (const r of rowsA) {
    const seen = byKeyA.get(keyOf(r));
    if (!seen) byKeyA.set(keyOf(r), r);
    else if (seen.code !== r.code || seen.type !== r.type)
      dupA.push(`${keyOf(r)}: ${seen.code} ${seen.type} before ${r.code} ${r.type}`);
  }
  return { byKeyA, dupA };
}

/** bankcard's rows by key, less the ones known to be wrong (DROPPED_B_ROWS). */
function keyedRowsB(rowsB: Row[]): { byKeyB: Map<string, Row>; droppedB: string[] } {
  const byKeyB = new Map<string, Row>();
  const droppedB: string[] = [];
  for (const r of rowsB) {
    if (DROPPED_B_ROWS[keyOf(r)] === r.code) {
      droppedB.push(`${keyOf(r)}: bankcard ${r.code} ${r.name}`);
      continue;
    }
    if (byKeyB.has(keyOf(r))) throw new Error(`bankcard lists ${keyOf(r)} twice`);
    byKeyB.set(keyOf(r), r);
  }
  // A package upgrade that fixes or moves these rows must be looked at, not silently ignored.
  if (droppedB.length !== Object.keys(DROPPED_B_ROWS).length)
    throw new Error(`DROPPED_B_ROWS: only ${droppedB.length} matched`);

  return { byKeyB, droppedB };
}

/** Merge: B wins on conflict; A fills what B lacks. */
function mergeSources(byKeyA: Map<string, Row>, byKeyB: Map<string, Row>) {
  const merged = new Map<string, Row>();
  let agree = 0;
  const bankConflicts: string[] = [];
  const typeConflicts: string[] = [];
  for (const [k, rb] of byKeyB) {
    const ra = byKeyA.get(k);
    let row = rb;
    if (ra) {
      // Shared Alipay code: both agree on the code, A names the bank the bin really belongs to.
      if (ra.code === rb.code && ra.name !== rb.name) row = { ...rb, name: ra.name };
      if (ra.code !== rb.code)
        bankConflicts.push(
          `${k}: bankcardinfo ${ra.code} ${ra.name} → bankcard ${rb.code} ${rb.name}`,
        );
      else if (ra.type !== rb.type)
        typeConflicts.push(`${k} ${rb.code}: bankcardinfo ${ra.type} → bankcard ${rb.type}`);
      else agree++;
    }
    merged.set(k, row);
  }
  let onlyA = 0;
  for (const [k, ra] of byKeyA) {
    if (!merged.has(k)) {
      merged.set(k, ra);
      onlyA++;
    }
  }
  const onlyB = [...byKeyB.keys()].filter((k) => !byKeyA.has(k)).length;

  return { merged, agree, bankConflicts, typeConflicts, onlyA, onlyB };
}

/** Drop longer prefixes that change nothing under the longest shorter prefix covering them. */
function dropRedundant(merged: Map<string, Row>): { kept: Row[]; redundant: string[] } {
  const rows = [...merged.values()];
  const redundant: string[] = [];
  const kept = rows.filter((r) => {
    for (let n = r.prefix.length - 1; n >= 1; n--) {
      const parent = merged.get(`${r.prefix.slice(0, n)}/${r.len}`);
      if (!parent) continue;
      const same = parent.code === r.code && parent.name === r.name && parent.type === r.type;
      if (same) redundant.push(`${keyOf(r)} under ${parent.prefix}`);
      return !same;
    }
    return true;
  });

  return { kept, redundant };
}

/** Group: one record per bank (code + name), patterns per (type, length). */
function issuerLines(kept: Row[]) {
  const bankOrder: string[] = [];
  const groups = new Map<string, Map<string, string[]>>();
  const sorted = kept.sort(
    (x, y) =>
      x.code.localeCompare(y.code) ||
      x.name.localeCompare(y.name) ||
      x.prefix.localeCompare(y.prefix),
  );
  for (const r of sorted) {
    const bank = `${r.code}|${r.name}`;
    if (!groups.has(bank)) {
      groups.set(bank, new Map());
      bankOrder.push(bank);
    }
    const g = groups.get(bank)!;
    const pat = `${r.type}${r.len}`;
    g.set(pat, [...(g.get(pat) ?? []), r.prefix]);
  }
  const bankCodes = new Set(kept.map((r) => r.code));
  let patternCount = 0;
  const lines = bankOrder.map((bank) => {
    const [code, name] = bank.split('|');
    const g = groups.get(bank)!;
    patternCount += g.size;
    const pats = [...g].map(([p, prefixes]) => `${p} ${prefixes.join(' ')}`).join(';');
    return `  [${JSON.stringify(code)}, ${JSON.stringify(name)}, ${JSON.stringify(pats)}],`;
  });

  const stats = {
    banks: bankOrder.length,
    bankCodes: bankCodes.size,
    patterns: patternCount,
    prefixes: kept.length,
  };
  return { lines, stats };
}

type Stats = ReturnType<typeof issuerLines>['stats'];

/** The generated module: the licence header, then one record per bank. */
function tableSource(stats: Stats, lines: string[], versionA: string, versionB: string): string {
  const header = `// GENERATED by \`npx tsx scripts/bank-bin/build.ts\`; do not edit by hand (see scripts/bank-bin/).
//
// Offline bank-card issuer table: ${stats.banks} banks (${stats.bankCodes} distinct Alipay bank codes),
// ${stats.patterns} patterns (card type + exact length), ${stats.prefixes} prefixes.
// Record: [bankCode, bankName, "<TYPE><LENGTH> <prefix> <prefix>…;…"]; e.g. "DC19 622202" means a
// 19-digit debit card whose number starts 622202. The longest matching prefix of the right length wins.
//
// Sources, merged by scripts/bank-bin/build.ts (policy and every conflict: scripts/bank-bin/merge-report.md):
// - bankcard ${versionB} (npm), https://github.com/caijf/bankcard, MIT License, Copyright (c) 2019 caijf.
//   Permission is hereby granted, free of charge, to any person obtaining a copy of this software and
//   associated documentation files (the "Software"), to deal in the Software without restriction,
//   including without limitation the rights to use, copy, modify, merge, publish, distribute,
//   sublicense, and/or sell copies of the Software, and to permit persons to whom the Software is
//   furnished to do so, subject to the following conditions: The above copyright notice and this
//   permission notice shall be included in all copies or substantial portions of the Software.
//   THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND.
// - bankcardinfo ${versionA} (npm), https://github.com/navyxie/bankcardinfo, ISC License, (c) navyxie.
//   Permission to use, copy, modify, and/or distribute this software for any purpose with or without
//   fee is hereby granted, provided that the above copyright notice and this permission notice appear
//   in all copies. THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES.
`;
  const body = `${header}
export type IssuerRecord = readonly [bankCode: string, bankName: string, patterns: string];

export const BANK_CARD_ISSUERS: readonly IssuerRecord[] = [
${lines.join('\n')}
];
`;
  return body;
}

interface ReportInput {
  a: ReturnType<typeof readBankcardinfo>;
  b: ReturnType<typeof readBankcard>;
  stats: Stats;
  merge: ReturnType<typeof mergeSources>;
  dupA: string[];
  droppedB: string[];
  redundant: string[];
  byKeyB: Map<string, Row>;
  options: prettier.Options | null;
}

/** merge-report.md: the counts, then every conflict and every dropped row. */
async function writeReport({
  a,
  b,
  stats,
  merge: { agree, onlyA, onlyB, bankConflicts, typeConflicts },
  dupA,
  droppedB,
  redundant,
  byKeyB,
  options,
}: ReportInput): Promise<void> {
  const report: string[] = [];
  const log = (line: string) => report.push(line);

  log('# Bank-card issuer table: merge report');
  log('');
  log('Generated by `npx tsx scripts/bank-bin/build.ts`. Policy: see README.md in this folder.');
  log('');
  log(
    `- bankcardinfo ${a.version}: ${a.banks} bank entries, ${a.rows.length} (prefix, length) rows`,
  );
  log(`- bankcard ${b.version}: ${registryB.length} registered codes, ${b.rows.length} rows`);
  log(`- keys in both, same bank and type: ${agree}`);
  log(`- keys only in bankcardinfo (added): ${onlyA}; only in bankcard: ${onlyB}`);
  log(`- bank disagreements (bankcard kept): ${bankConflicts.length}`);
  log(`- card-type disagreements (bankcard kept): ${typeConflicts.length}`);
  log(`- bankcardinfo keys listed twice with different answers (first kept): ${dupA.length}`);
  log(`- bankcard rows dropped as wrong (DROPPED_B_ROWS): ${droppedB.length}`);
  log(`- redundant longer prefixes dropped: ${redundant.length}`);
  log(
    `- result: ${stats.banks} banks (${stats.bankCodes} codes), ${stats.patterns} patterns, ${stats.prefixes} prefixes, ${fs.statSync(outFile).size} bytes`,
  );
  const section = (title: string, items: string[]) => {
    log('');
    log(`## ${title} (${items.length})`);
    log('');
    for (const i of items) log(`- ${i}`);
  };
  section('Bank disagreements, bankcard kept', bankConflicts);
  section('Card-type disagreements, bankcard kept', typeConflicts);
  section(
    'bankcard rows dropped: the BIN they sit under is another bank in both sources',
    droppedB,
  );
  section(
    'bankcardinfo duplicates: bankcard decides where it has the key, else the first is kept',
    dupA.map((d) => {
      const inB = byKeyB.get(d.slice(0, d.indexOf(':')));
      return inB ? `${d}; bankcard: ${inB.code} ${inB.type}` : `${d}; first kept`;
    }),
  );
  section('Redundant longer prefixes dropped', redundant);
  const reportText = await prettier.format(`${report.join('\n')}\n`, {
    ...options,
    filepath: reportFile,
  });
  fs.writeFileSync(reportFile, reportText);
}

async function main(): Promise<void> {
  const a = readBankcardinfo();
  const b = readBankcard();
  const registry = new Map(registryB.map((x) => [x.code, x.name]));

  // Canonicalise A's bank identity.
  const rowsA = canonicalRowsA(a.rows, registry);
  // A's duplicates: first entry wins.
  const { byKeyA, dupA } = firstRowPerKey(rowsA);
  const { byKeyB, droppedB } = keyedRowsB(b.rows);
  const merge = mergeSources(byKeyA, byKeyB);
  const { kept, redundant } = dropRedundant(merge.merged);
  const { lines, stats } = issuerLines(kept);
  const body = tableSource(stats, lines, a.version, b.version);
  const options = await prettier.resolveConfig(outFile);
  const formatted = await prettier.format(body, { ...options, filepath: outFile });
  if (process.argv.includes('--check')) {
    const current = fs.existsSync(outFile) ? fs.readFileSync(outFile, 'utf8') : '';
    if (current !== formatted) {
      console.error(
        `${path.relative(root, outFile)} is stale: run npx tsx scripts/bank-bin/build.ts`,
      );
      process.exit(1);
    }
    console.log(JSON.stringify({ ...stats, upToDate: true }));
    return;
  }
  fs.writeFileSync(outFile, formatted);

  await writeReport({ a, b, stats, merge, dupA, droppedB, redundant, byKeyB, options });
  console.log(JSON.stringify({ ...stats, bytes: fs.statSync(outFile).size }));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
