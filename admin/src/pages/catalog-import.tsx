/**
 * Bulk import and export: pick what (goods, SKUs, prices, stock), upload a CSV or XLSX file, see
 * each row's problems from a dry run, then import the good rows or, all-or-nothing, every row.
 * Export downloads the same columns, so an exported file edited and uploaded again round-trips.
 */
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Radio, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import type { BulkKind } from '../../../contract/admin/catalog.ts';
import { api } from '../api.ts';
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

function toBase64(bytes: ArrayBuffer): string {
  let binary = '';
  const view = new Uint8Array(bytes);
  for (let i = 0; i < view.length; i += 0x8000)
    binary += String.fromCharCode(...view.subarray(i, i + 0x8000));
  return btoa(binary);
}

export default function ImportPage() {
  const t = useText();
  const [kind, setKind] = useState<BulkKind>('prices');
  const [file, setFile] = useState<{
    name: string;
    content: string;
    format: 'csv' | 'xlsx';
  } | null>(null);
  const [result, setResult] = useState<{ mode: Mode; data: ImportResult } | null>(null);
  const run = useMutation({
    mutationFn: (mode: Mode) =>
      api.post<ImportResult>('/catalog/import', {
        kind,
        format: file?.format,
        content: file?.content,
        mode,
      }),
    onSuccess: (data, mode) => setResult({ mode, data }),
  });
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
      <Card title={t('导入', 'Import')}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Radio.Group
            aria-label={t('导入内容', 'What to import')}
            value={kind}
            onChange={(event) => {
              setKind(event.target.value as BulkKind);
              setResult(null);
            }}
            options={kinds}
            optionType="button"
          />
          <Typography.Text type="secondary">
            {t('列：', 'Columns: ')}
            {COLUMNS[kind]}
            {t('（金额单位：元；第 1 行为表头）', ' (money in yuan; row 1 is the header)')}
          </Typography.Text>
          <Upload
            accept=".csv,.xlsx"
            maxCount={1}
            showUploadList={false}
            beforeUpload={async (picked) => {
              const format = picked.name.toLowerCase().endsWith('.xlsx') ? 'xlsx' : 'csv';
              setFile({ name: picked.name, format, content: toBase64(await picked.arrayBuffer()) });
              setResult(null);
              return false;
            }}
          >
            <Button>{t('选择文件（CSV / XLSX）', 'Choose a file (CSV / XLSX)')}</Button>
          </Upload>
          {file && <Typography.Text data-testid="import-file">{file.name}</Typography.Text>}
          <Space wrap>
            <Button
              disabled={!file}
              loading={run.isPending && run.variables === 'dry-run'}
              onClick={() => run.mutate('dry-run')}
            >
              {t('试运行（只检查）', 'Dry run (check only)')}
            </Button>
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
          </Space>
          {run.error && <Alert type="error" showIcon message={run.error.message} />}
          {result && (
            <Alert
              type={result.data.problems.length > 0 ? 'warning' : 'success'}
              showIcon
              message={
                result.mode === 'dry-run'
                  ? t(
                      `共 ${result.data.rows} 行，${result.data.problems.length} 处问题；尚未写入`,
                      `${result.data.rows} rows, ${result.data.problems.length} problems; nothing written yet`,
                    )
                  : t(`已写入 ${result.data.written} 行`, `${result.data.written} rows written`)
              }
            />
          )}
          {result && result.data.problems.length > 0 && (
            <Table
              size="small"
              rowKey={(row) => `${row.row}-${row.field}-${row.message}`}
              dataSource={result.data.problems}
              pagination={{ pageSize: 50 }}
              columns={[
                { title: t('行', 'Row'), dataIndex: 'row', width: 70 },
                { title: t('字段', 'Field'), dataIndex: 'field', width: 160 },
                { title: t('问题', 'Problem'), dataIndex: 'message' },
              ]}
            />
          )}
        </Space>
      </Card>
    </section>
  );
}
