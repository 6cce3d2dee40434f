/**
 * Reports (issue 38): the ledger's figures for a range of Asia/Shanghai days, by day, week or
 * month, per brand and overall, with two charts and three tables; each table downloads as CSV or
 * XLSX from the server (exportReport), which builds the file from the same figures.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Input, Segmented, Select, Space, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import type {
  ChannelRow,
  Granularity,
  OverdueBucketRow,
  Report,
  ReportQuery,
  ReportRow,
  ReportTable,
} from '../../../contract/admin/reports.ts';
import { api } from '../api.ts';
import { useText } from '../i18n.tsx';
import { useBrands } from '../brand-picker.tsx';
import { Chart, type ChartOption } from '../reports/chart.tsx';
import { shanghaiToday } from '../reports/days.ts';
import { yuan } from '../types.ts';

type Text = ReturnType<typeof useText>;

const percent = (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(1)}%`);

function exportUrl(query: ReportQuery, table: ReportTable, format: 'csv' | 'xlsx') {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...query, table, format }))
    if (value !== undefined) search.set(key, String(value));
  return `/admin/api/reports/export?${search.toString()}`;
}

function Downloads({ query, table }: { query: ReportQuery; table: ReportTable }) {
  const t = useText();
  return (
    <Space>
      <Button size="small" href={exportUrl(query, table, 'csv')} download>
        {t('导出 CSV', 'Export CSV')}
      </Button>
      <Button size="small" href={exportUrl(query, table, 'xlsx')} download>
        {t('导出 Excel', 'Export XLSX')}
      </Button>
    </Space>
  );
}

function summaryColumns(t: Text) {
  const count = (zh: string, en: string, key: keyof ReportRow) => ({
    title: t(zh, en),
    dataIndex: key,
    align: 'right' as const,
  });
  const money = (zh: string, en: string, key: keyof ReportRow) => ({
    ...count(zh, en, key),
    render: (fen: number) => yuan(fen),
  });
  const rate = (zh: string, en: string, key: keyof ReportRow) => ({
    ...count(zh, en, key),
    render: (value: number | null) => percent(value),
  });
  return [
    { title: t('周期', 'Period'), dataIndex: 'period', fixed: 'left' as const, width: 110 },
    {
      title: t('品牌', 'Brand'),
      dataIndex: 'platform',
      width: 80,
      render: (p: number | null) => (p === null ? t('合计', 'All') : String(p)),
    },
    count('下单', 'Placed', 'ordersPlaced'),
    count('通过', 'Approved', 'approved'),
    count('拒绝', 'Rejected', 'rejected'),
    count('发货', 'Shipped', 'shipped'),
    rate('通过率', 'Approval rate', 'approvalRate'),
    money('签约租金', 'Rent contracted', 'rentContracted'),
    money('应收租金', 'Rent due', 'rentDue'),
    money('已收租金', 'Rent collected', 'rentCollected'),
    rate('逾期率', 'Overdue rate', 'overdueRate'),
    money('实收款', 'Payments received', 'paymentsReceived'),
    money('退款', 'Refunded', 'refunded'),
    money('冻结押金', 'Deposits frozen', 'depositsFrozen'),
    money('信用免押', 'Waived by credit', 'depositsWaivedByCredit'),
    count('买断', 'Buy-outs', 'buyouts'),
    money('买断金额', 'Buy-out amount', 'buyoutAmount'),
    count('提前归还', 'Early returns', 'earlyReturns'),
  ];
}

function charts(rows: ReportRow[], t: Text): [ChartOption, ChartOption] {
  const periods = rows.map((row) => row.period);
  const line = (name: string, data: number[]) => ({ name, type: 'line', data, smooth: true });
  const bar = (name: string, data: number[]) => ({ name, type: 'bar', data });
  const grid = { left: 56, right: 16, top: 40, bottom: 32 };
  return [
    {
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid,
      xAxis: { type: 'category', data: periods },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        line(
          t('下单', 'Placed'),
          rows.map((r) => r.ordersPlaced),
        ),
        line(
          t('通过', 'Approved'),
          rows.map((r) => r.approved),
        ),
        line(
          t('拒绝', 'Rejected'),
          rows.map((r) => r.rejected),
        ),
        line(
          t('发货', 'Shipped'),
          rows.map((r) => r.shipped),
        ),
      ],
    },
    {
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid,
      xAxis: { type: 'category', data: periods },
      yAxis: { type: 'value', name: t('元', 'CNY') },
      series: [
        bar(
          t('应收租金', 'Rent due'),
          rows.map((r) => r.rentDue / 100),
        ),
        bar(
          t('已收租金', 'Rent collected'),
          rows.map((r) => r.rentCollected / 100),
        ),
        bar(
          t('实收款', 'Payments received'),
          rows.map((r) => r.paymentsReceived / 100),
        ),
      ],
    },
  ];
}

function Filters({
  query,
  onChange,
  brands,
}: {
  query: ReportQuery;
  onChange: (query: ReportQuery) => void;
  brands: number[];
}) {
  const t = useText();
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Input
        type="date"
        aria-label={t('开始日期', 'From')}
        value={query.from}
        onChange={(e) => e.target.value && onChange({ ...query, from: e.target.value })}
        style={{ width: 160 }}
      />
      <Input
        type="date"
        aria-label={t('结束日期', 'To')}
        value={query.to}
        onChange={(e) => e.target.value && onChange({ ...query, to: e.target.value })}
        style={{ width: 160 }}
      />
      <Segmented<Granularity>
        aria-label={t('统计周期', 'Granularity')}
        value={query.granularity ?? 'day'}
        onChange={(granularity) => onChange({ ...query, granularity })}
        options={[
          { label: t('日', 'Day'), value: 'day' },
          { label: t('周', 'Week'), value: 'week' },
          { label: t('月', 'Month'), value: 'month' },
        ]}
      />
      <Select<number | 0>
        aria-label={t('品牌', 'Brand')}
        value={query.platform ?? 0}
        onChange={(platform) => onChange({ ...query, platform: platform || undefined })}
        style={{ width: 140 }}
        options={[
          { label: t('全部品牌', 'All brands'), value: 0 },
          ...brands.map((b) => ({ label: `${t('品牌', 'Brand')} ${b}`, value: b })),
        ]}
      />
    </Space>
  );
}

export default function ReportsPage() {
  const t = useText();
  const today = shanghaiToday();
  const [query, setQuery] = useState<ReportQuery>({
    from: `${today.slice(0, 8)}01`,
    to: today,
    granularity: 'day',
  });
  const report = useQuery({
    queryKey: ['report', query],
    queryFn: () => api.get<Report>('/reports', { ...query }),
    placeholderData: keepPreviousData,
  });
  const data = report.data;
  const overall = useMemo(() => data?.rows.filter((row) => row.platform === null) ?? [], [data]);
  const [orderChart, moneyChart] = useMemo(() => charts(overall, t), [overall, t]);
  const [brandRows, setBrandRows] = useState(false);
  const brands = useBrands();

  return (
    <section aria-label={t('报表', 'Reports')}>
      <Typography.Title level={4}>{t('报表', 'Reports')}</Typography.Title>
      <Filters query={query} onChange={setQuery} brands={brands} />
      {report.error && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={`${t('报表加载失败', 'The report did not load')}: ${report.error.message}`}
          action={<Button onClick={() => void report.refetch()}>{t('重试', 'Retry')}</Button>}
        />
      )}
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Card size="small" title={t('订单', 'Orders')}>
          <Chart option={orderChart} label={t('订单趋势图', 'Orders chart')} />
        </Card>
        <Card size="small" title={t('租金与收款', 'Rent and collections')}>
          <Chart option={moneyChart} label={t('租金与收款图', 'Rent and collections chart')} />
        </Card>
        <Card
          size="small"
          title={t('汇总', 'Summary')}
          extra={
            <Space>
              <Segmented<'all' | 'brands'>
                size="small"
                value={brandRows ? 'brands' : 'all'}
                onChange={(value) => setBrandRows(value === 'brands')}
                options={[
                  { label: t('合计', 'Overall'), value: 'all' },
                  { label: t('分品牌', 'By brand'), value: 'brands' },
                ]}
              />
              <Downloads query={query} table="summary" />
            </Space>
          }
        >
          <Table<ReportRow>
            data-testid="report-summary"
            rowKey={(row) => `${row.period}-${row.platform ?? 'all'}`}
            size="small"
            loading={report.isFetching}
            dataSource={brandRows ? data?.rows : overall}
            columns={summaryColumns(t)}
            scroll={{ x: 1800 }}
            pagination={{ pageSize: 31, hideOnSinglePage: true }}
          />
        </Card>
        <OverdueTable rows={data?.overdue ?? []} query={query} loading={report.isFetching} />
        <ChannelTable rows={data?.channels ?? []} query={query} loading={report.isFetching} />
      </Space>
    </section>
  );
}

function OverdueTable({
  rows,
  query,
  loading,
}: {
  rows: OverdueBucketRow[];
  query: ReportQuery;
  loading: boolean;
}) {
  const t = useText();
  return (
    <Card
      size="small"
      title={t('逾期与回收（按逾期天数）', 'Overdue and recovery by days late')}
      extra={<Downloads query={query} table="overdue" />}
    >
      <Table<OverdueBucketRow>
        rowKey={(row) => `${row.bucket}-${row.platform ?? 'all'}`}
        size="small"
        loading={loading}
        dataSource={rows}
        pagination={false}
        columns={[
          { title: t('逾期天数', 'Days late'), dataIndex: 'bucket' },
          {
            title: t('品牌', 'Brand'),
            dataIndex: 'platform',
            render: (p: number | null) => (p === null ? t('合计', 'All') : String(p)),
          },
          { title: t('账单数', 'Bills'), dataIndex: 'bills', align: 'right' },
          { title: t('应收', 'Due'), dataIndex: 'amountDue', align: 'right', render: yuan },
          {
            title: t('已回收', 'Recovered'),
            dataIndex: 'amountRecovered',
            align: 'right',
            render: yuan,
          },
          {
            title: t('占到期账单', 'Share of past due'),
            dataIndex: 'shareOfPastDue',
            align: 'right',
            render: percent,
          },
          {
            title: t('回收率', 'Recovery rate'),
            dataIndex: 'recoveryRate',
            align: 'right',
            render: percent,
          },
        ]}
      />
    </Card>
  );
}

function ChannelTable({
  rows,
  query,
  loading,
}: {
  rows: ChannelRow[];
  query: ReportQuery;
  loading: boolean;
}) {
  const t = useText();
  return (
    <Card
      size="small"
      title={t('渠道', 'Channels')}
      extra={<Downloads query={query} table="channels" />}
    >
      <Table<ChannelRow>
        data-testid="report-channels"
        rowKey="channel"
        size="small"
        loading={loading}
        dataSource={rows}
        pagination={false}
        columns={[
          {
            title: t('渠道码', 'Channel code'),
            dataIndex: 'channel',
            render: (channel: string) => channel || t('（无）', '(none)'),
          },
          { title: t('下单', 'Placed'), dataIndex: 'ordersPlaced', align: 'right' },
          { title: t('通过', 'Approved'), dataIndex: 'approved', align: 'right' },
          {
            title: t('签约租金', 'Rent contracted'),
            dataIndex: 'rentContracted',
            align: 'right',
            render: yuan,
          },
        ]}
      />
    </Card>
  );
}
