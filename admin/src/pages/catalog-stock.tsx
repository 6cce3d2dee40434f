/**
 * A SKU's stock by device: the counts, a scan box (a barcode scanner types the serial and Enter,
 * the same as typing it by hand), a file of serials (one a line, or a CSV's first column), and
 * each device with its state; a device back from repair returns to stock here.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Input,
  Space,
  Spin,
  Table,
  Tag,
  Upload,
} from 'antd';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { api } from '../api.ts';
import { useText } from '../i18n.tsx';
import type { SkuStock } from '../types.ts';

type Serial = SkuStock['serials'][number];

export default function StockPage() {
  const t = useText();
  const { id } = useParams();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [scan, setScan] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const scanBox = useRef<{ focus: () => void } | null>(null);
  const stock = useQuery({
    queryKey: ['stock', id],
    queryFn: () => api.get<SkuStock>(`/skus/${id}/stock`),
  });
  const add = useMutation({
    mutationFn: (serials: string[]) =>
      api.post<{ added: string[]; stock: number }>(`/skus/${id}/serials`, { serials }),
    onSuccess: (result) => {
      setFailure(null);
      setScan('');
      void message.success(
        t(`已入库 ${result.added.length} 台`, `${result.added.length} added to stock`),
      );
      void queryClient.invalidateQueries({ queryKey: ['stock', id] });
      scanBox.current?.focus();
    },
    onError: (error) => setFailure(error.message),
  });
  const status = useMutation({
    mutationFn: ({ serial, next }: { serial: string; next: 'in_stock' | 'repair' | 'retired' }) =>
      api.post(`/serials/${encodeURIComponent(serial)}/status`, { status: next }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['stock', id] }),
    onError: (error) => void message.error(error.message),
  });
  const statusText: Record<Serial['status'], string> = {
    in_stock: t('在库', 'In stock'),
    out: t('在租', 'On an order'),
    repair: t('维修', 'In repair'),
    retired: t('报废', 'Retired'),
  };

  if (stock.isLoading) return <Spin />;
  if (stock.error || !stock.data)
    return <Alert type="error" showIcon message={stock.error?.message} />;
  const { sku, counts, serials } = stock.data;
  return (
    <section aria-label={t('库存', 'Stock')}>
      <Space style={{ marginBottom: 16 }}>
        <Link to={`/goods/${sku.goodsId}`}>{t('← 返回商品', '← Back to the goods')}</Link>
      </Space>
      <Descriptions bordered size="small" column={3} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('商品', 'Goods')}>{sku.goodsName}</Descriptions.Item>
        <Descriptions.Item label="SKU">
          {sku.code} · {sku.color} {sku.capacity} {sku.condition}
        </Descriptions.Item>
        <Descriptions.Item label={t('可租', 'Orderable')}>
          <span data-testid="orderable-stock">{sku.stock}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('在库', 'In stock')}>{counts.inStock}</Descriptions.Item>
        <Descriptions.Item label={t('在租', 'On orders')}>{counts.out}</Descriptions.Item>
        <Descriptions.Item label={t('维修', 'In repair')}>{counts.repair}</Descriptions.Item>
      </Descriptions>
      <Card title={t('入库', 'Add to stock')} style={{ marginBottom: 16 }}>
        <Space wrap>
          <Input
            ref={(node) => {
              scanBox.current = node;
            }}
            autoFocus
            aria-label={t('扫码或输入序列号 / IMEI', 'Scan or type a serial / IMEI')}
            placeholder={t(
              '扫码或输入序列号 / IMEI，回车入库',
              'Scan or type a serial / IMEI, Enter',
            )}
            style={{ width: 320 }}
            value={scan}
            onChange={(event) => setScan(event.target.value)}
            onPressEnter={() => {
              if (scan.trim()) add.mutate([scan]);
            }}
          />
          <Upload
            accept=".txt,.csv"
            showUploadList={false}
            beforeUpload={async (file) => {
              const text = await file.text();
              const lines = text
                .split(/\r?\n/)
                .map(
                  (line) =>
                    line
                      .split(',')[0]
                      ?.replace(/^\uFEFF/, '')
                      .trim() ?? '',
                )
                .filter((line) => line && !/^serial$/i.test(line));
              if (lines.length > 0) add.mutate(lines);
              return false;
            }}
          >
            <Button>{t('从文件入库', 'Add from a file')}</Button>
          </Upload>
        </Space>
        {failure && <Alert style={{ marginTop: 12 }} type="error" showIcon message={failure} />}
      </Card>
      <Table<Serial>
        rowKey="serial"
        dataSource={serials}
        columns={[
          { title: t('序列号 / IMEI', 'Serial / IMEI'), dataIndex: 'serial' },
          {
            title: t('状态', 'State'),
            dataIndex: 'status',
            render: (s: Serial['status']) => <Tag>{statusText[s]}</Tag>,
          },
          {
            title: t('订单', 'Order'),
            dataIndex: 'orderId',
            render: (orderId: number | null) =>
              orderId ? <Link to={`/orders/${orderId}`}>{orderId}</Link> : '—',
          },
          {
            title: t('更新时间', 'Updated'),
            dataIndex: 'updatedAt',
            render: (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm'),
          },
          {
            title: t('操作', 'Actions'),
            render: (_, row) =>
              row.status === 'out' ? null : (
                <Space>
                  {row.status !== 'in_stock' && (
                    <Button
                      size="small"
                      onClick={() => status.mutate({ serial: row.serial, next: 'in_stock' })}
                    >
                      {t('回到在库', 'Back in stock')}
                    </Button>
                  )}
                  {row.status === 'in_stock' && (
                    <Button
                      size="small"
                      onClick={() => status.mutate({ serial: row.serial, next: 'repair' })}
                    >
                      {t('送修', 'To repair')}
                    </Button>
                  )}
                  {row.status !== 'retired' && (
                    <Button
                      size="small"
                      danger
                      onClick={() => status.mutate({ serial: row.serial, next: 'retired' })}
                    >
                      {t('报废', 'Retire')}
                    </Button>
                  )}
                </Space>
              ),
          },
        ]}
      />
    </section>
  );
}
