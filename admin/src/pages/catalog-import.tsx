/**
 * Bulk import and export: pick what (goods, SKUs, prices, stock), upload a CSV or XLSX file, see
 * each row's problems from a dry run, then import the good rows or, all-or-nothing, every row.
 * Export downloads the same columns, so an exported file edited and uploaded again round-trips.
 */
import { Button, Card, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import type { BulkKind } from '../../../contract/admin/catalog.ts';
import { api } from '../api.ts';
import { FileDryRunCard, useFileDryRun } from '../file-dry-run.tsx';
import { useText } from '../i18n.tsx';
import type { ImportResult } from '../types.ts';

const COLUMNS: Record<BulkKind, string> = {
  goods: 'id, name, brand_name, category_id, market_price_yuan, published (yes/no)',
  skus: 'goods_id, code, color, capacity, condition, price_yuan',
  prices:
    'sku_code, term_unit (month/day), term, platform (1-9, empty: the plan itself), rent_yuan, deposit_yuan',
  stock: 'sku_code, serial, status (in_stock/repair, empty: in_stock)',
};

type Mode = 'dry-run' | 'partial' | 'all-or-nothing';

export default function ImportPage() {
  const t = useText();
  const [kind, setKind] = useState<BulkKind>('prices');
  const dryRun = useFileDryRun((file, mode: Mode) =>
    api.post<ImportResult>('/catalog/import', {
      kind,
      format: file?.format,
      content: file?.content,
      mode,
    }),
  );
  const { file, result, run } = dryRun;
  const kinds: { value: BulkKind; label: string }[] = [
    { value: 'goods', label: t('商品', 'Goods') },
    { value: 'skus', label: 'SKU' },
    { value: 'prices', label: t('价格', 'Prices') },
    { value: 'stock', label: t('库存', 'Stock') },
  ];
  return (
    <section aria-label={t('批量导入导出', 'Import and export')}>
      <Card title={t('导出', 'Export')} style={{ marginBottom: 16 }}>
        <Space wrap>
          {kinds.map((k) => (
            <Space key={k.value}>
              <a href={`/admin/api/catalog/export?kind=${k.value}&format=csv`} download>
                {k.label} CSV
              </a>
              <a href={`/admin/api/catalog/export?kind=${k.value}&format=xlsx`} download>
                {k.label} XLSX
              </a>
            </Space>
          ))}
        </Space>
      </Card>
      <FileDryRunCard
        state={dryRun}
        title={t('导入', 'Import')}
        controls={
          <>
            <Radio.Group
              aria-label={t('导入内容', 'What to import')}
              value={kind}
              onChange={(event) => {
                setKind(event.target.value as BulkKind);
                dryRun.clear();
              }}
              options={kinds}
              optionType="button"
            />
            <Typography.Text type="secondary">
              {t('列：', 'Columns: ')}
              {COLUMNS[kind]}
              {t('（金额单位：元；第 1 行为表头）', ' (money in yuan; row 1 is the header)')}
            </Typography.Text>
          </>
        }
        chooseLabel={t('选择文件（CSV / XLSX）', 'Choose a file (CSV / XLSX)')}
        fileTestId="import-file"
        actions={
          <>
            <Button
              type="primary"
              disabled={!file || result?.mode !== 'dry-run'}
              onClick={() => run.mutate('partial')}
            >
              {t('导入无问题的行', 'Import the good rows')}
            </Button>
            <Button
              disabled={!file || result?.mode !== 'dry-run'}
              onClick={() => run.mutate('all-or-nothing')}
            >
              {t('全部导入（有问题则都不导入）', 'Import all or nothing')}
            </Button>
          </>
        }
        message={({ mode, data }) =>
          mode === 'dry-run'
            ? t(
                `共 ${data.rows} 行，${data.problems.length} 处问题；尚未写入`,
                `${data.rows} rows, ${data.problems.length} problems; nothing written yet`,
              )
            : t(`已写入 ${data.written} 行`, `${data.written} rows written`)
        }
        problems={{ fieldWidth: 160, pagination: { pageSize: 50 } }}
      />
    </section>
  );
}
