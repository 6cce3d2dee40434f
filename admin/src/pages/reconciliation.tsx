/**
 * Reconciliation (issue 38, finance and owner): per day, brand and provider, the payments and
 * refunds we recorded against the provider's imported statement, and every difference, each
 * resolved with a note (the server audits it). A statement enters by uploading the provider's
 * file as downloaded (uploadStatement): a dry run shows its lines and each row's problems, then
 * an import, allowed only when the dry run found none.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import type { Static } from '@sinclair/typebox';
import { useState } from 'react';
import type {
  ListReconciliationQuery,
  ListReconciliationReply,
  Mismatch,
  StatementProvider,
  UploadStatementResult,
} from '../../../contract/admin/reports.ts';
import { api } from '../api.ts';
import { FileDryRunCard, useFileDryRun } from '../file-dry-run.tsx';
import { useText } from '../i18n.tsx';
import { useBrands } from '../brand-picker.tsx';
import { yuan } from '../types.ts';
import { shanghaiToday } from '../reports/days.ts';

type Listing = Static<typeof ListReconciliationReply>['data'];
type DayRow = Listing['days'][number];

const PROVIDER_LABELS: Record<StatementProvider, [string, string]> = {
  alipay: ['支付宝', 'Alipay'],
  wechat: ['微信支付', 'WeChat Pay'],
  card: ['银行卡代扣', 'Card withholding'],
};

function ResolveDialog({ mismatch, onClose }: { mismatch: Mismatch; onClose: () => void }) {
  const t = useText();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [note, setNote] = useState('');
  const resolve = useMutation({
    mutationFn: () =>
      api.post<Mismatch>('/reconciliation/resolve', {
        platform: mismatch.platform,
        provider: mismatch.provider,
        kind: mismatch.kind,
        reference: mismatch.reference,
        note: note.trim(),
      }),
    onSuccess: () => {
      void message.success(t('已处理', 'Resolved'));
      void client.invalidateQueries({ queryKey: ['reconciliation'] });
      onClose();
    },
  });
  return (
    <Modal
      open
      title={`${t('处理差异', 'Resolve difference')} ${mismatch.reference}`}
      okText={t('确认处理', 'Resolve')}
      cancelText={t('取消', 'Cancel')}
      onCancel={onClose}
      okButtonProps={{ disabled: note.trim().length < 2, loading: resolve.isPending }}
      onOk={() => resolve.mutate()}
    >
      {resolve.error && (
        <Alert type="error" showIcon message={resolve.error.message} style={{ marginBottom: 12 }} />
      )}
      <Input.TextArea
        aria-label={t('处理说明', 'Note')}
        placeholder={t('查到了什么、做了什么', 'What was found and done')}
        value={note}
        maxLength={500}
        rows={4}
        onChange={(e) => setNote(e.target.value)}
      />
    </Modal>
  );
}

const FILE_HINTS: Record<StatementProvider, [string, string]> = {
  wechat: [
    '微信支付商户平台或接口下载的交易账单（全部订单，CSV）',
    "WeChat Pay's trade bill (all orders, CSV) as downloaded",
  ],
  alipay: [
    '支付宝账单压缩包里的“业务明细”CSV（GBK 编码即可）',
    'The 业务明细 (business details) CSV from the Alipay bill archive (GBK is fine)',
  ],
  card: [
    '列：时间、类型（支付/退款）、单号、金额（元）',
    'Columns: 时间, 类型 (支付/退款), 单号, 金额（元）',
  ],
};

/** Upload a provider's statement file for one brand and day: a dry run, then the import. */
function StatementUpload({ brands }: { brands: number[] }) {
  const t = useText();
  const client = useQueryClient();
  const [target, setTarget] = useState<{
    platform: number;
    provider: StatementProvider;
    day: string;
  }>({ platform: brands[0] ?? 1, provider: 'wechat', day: shanghaiYesterday() });
  const dryRun = useFileDryRun(
    (file, mode: 'dry-run' | 'import') =>
      api.post<UploadStatementResult>('/reconciliation/statements/file', {
        ...target,
        format: file?.format,
        content: file?.content,
        mode,
      }),
    (mode) => {
      if (mode === 'import') void client.invalidateQueries({ queryKey: ['reconciliation'] });
    },
  );
  const { file, result, run } = dryRun;
  const change = (next: Partial<typeof target>) => {
    setTarget({ ...target, ...next });
    dryRun.clear();
  };
  const lines = result?.data.lines ?? [];
  const problems = result?.data.problems ?? [];
  const sum = (kind: 'payment' | 'refund') =>
    lines.filter((l) => l.kind === kind).reduce((total, l) => total + l.amount, 0);
  return (
    <FileDryRunCard
      state={dryRun}
      size="small"
      title={t('导入渠道对账单', 'Import a provider statement')}
      style={{ marginBottom: 24 }}
      controlsInline
      controls={
        <>
          <Select<number>
            aria-label={t('对账单品牌', 'Statement brand')}
            value={target.platform}
            style={{ width: 120 }}
            onChange={(platform) => change({ platform })}
            options={brands.map((b) => ({ label: `${t('品牌', 'Brand')} ${b}`, value: b }))}
          />
          <Select<StatementProvider>
            aria-label={t('对账单渠道', 'Statement provider')}
            value={target.provider}
            style={{ width: 150 }}
            onChange={(provider) => change({ provider })}
            options={(Object.keys(PROVIDER_LABELS) as StatementProvider[]).map((p) => ({
              label: t(...PROVIDER_LABELS[p]),
              value: p,
            }))}
          />
          <Input
            type="date"
            aria-label={t('对账单日期', 'Statement day')}
            value={target.day}
            style={{ width: 160 }}
            onChange={(e) => e.target.value && change({ day: e.target.value })}
          />
        </>
      }
      chooseLabel={t('选择对账单文件（CSV / XLSX）', 'Choose the file (CSV / XLSX)')}
      fileTestId="statement-file"
      hint={<Typography.Text type="secondary">{t(...FILE_HINTS[target.provider])}</Typography.Text>}
      actions={
        <Button
          type="primary"
          disabled={!file || result?.mode !== 'dry-run' || problems.length > 0}
          loading={run.isPending && run.variables === 'import'}
          onClick={() => run.mutate('import')}
        >
          {t('导入', 'Import')}
        </Button>
      }
      resultTestId="statement-result"
      message={({ mode, data }) =>
        mode === 'dry-run'
          ? t(
              `${lines.length} 笔（收款 ${yuan(sum('payment'))}，退款 ${yuan(sum('refund'))}），${problems.length} 处问题；尚未导入`,
              `${lines.length} lines (payments ${yuan(sum('payment'))}, refunds ${yuan(sum('refund'))}), ${problems.length} problems; nothing imported yet`,
            )
          : t(`已导入 ${data.imported} 笔`, `${data.imported} lines imported`)
      }
      problems={{
        testId: 'statement-problems',
        fieldWidth: 120,
        pagination: { pageSize: 20, hideOnSinglePage: true },
      }}
    >
      {result?.mode === 'dry-run' && lines.length > 0 && (
        <Table
          data-testid="statement-lines"
          size="small"
          rowKey={(line) => `${line.kind}-${line.reference}`}
          dataSource={lines}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          columns={[
            { title: t('行', 'Row'), dataIndex: 'row', width: 70 },
            {
              title: t('类型', 'Kind'),
              dataIndex: 'kind',
              width: 90,
              render: (k: string) => (k === 'payment' ? t('收款', 'Payment') : t('退款', 'Refund')),
            },
            { title: t('单号', 'Reference'), dataIndex: 'reference' },
            {
              title: t('金额', 'Amount'),
              dataIndex: 'amount',
              align: 'right',
              render: (fen: number) => yuan(fen),
            },
          ]}
        />
      )}
    </FileDryRunCard>
  );
}

/** Yesterday in Asia/Shanghai: the day a provider's newest statement covers. */
function shanghaiYesterday(): string {
  const today = shanghaiToday();
  return new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

export default function ReconciliationPage() {
  const t = useText();
  const today = shanghaiToday();
  const [query, setQuery] = useState<ListReconciliationQuery>({
    from: `${today.slice(0, 8)}01`,
    to: today,
  });
  const [resolving, setResolving] = useState<Mismatch | null>(null);
  const listing = useQuery({
    queryKey: ['reconciliation', query],
    queryFn: () => api.get<Listing>('/reconciliation', { ...query }),
    placeholderData: keepPreviousData,
  });
  const brands = useBrands();
  const provider = (p: StatementProvider) => t(...PROVIDER_LABELS[p]);
  const problem = (m: Mismatch) =>
    m.problem === 'missing_at_provider'
      ? t('渠道无此笔', 'Not on the statement')
      : m.problem === 'missing_here'
        ? t('我方无此笔', 'Not in our ledger')
        : t('金额不一致', 'Amounts differ');
  const totals = (side: DayRow['ours'] | null) =>
    side
      ? `${side.payments} / ${yuan(side.paymentAmount)} · ${t('退', 'refunds')} ${side.refunds} / ${yuan(side.refundAmount)}`
      : t('未导入对账单', 'No statement imported');

  return (
    <section aria-label={t('对账', 'Reconciliation')}>
      <Typography.Title level={4}>{t('对账', 'Reconciliation')}</Typography.Title>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input
          type="date"
          aria-label={t('开始日期', 'From')}
          value={query.from}
          style={{ width: 160 }}
          onChange={(e) => e.target.value && setQuery({ ...query, from: e.target.value })}
        />
        <Input
          type="date"
          aria-label={t('结束日期', 'To')}
          value={query.to}
          style={{ width: 160 }}
          onChange={(e) => e.target.value && setQuery({ ...query, to: e.target.value })}
        />
        <Select<number>
          aria-label={t('品牌', 'Brand')}
          value={query.platform ?? 0}
          style={{ width: 140 }}
          onChange={(p) => setQuery({ ...query, platform: p || undefined })}
          options={[
            { label: t('全部品牌', 'All brands'), value: 0 },
            ...brands.map((b) => ({ label: `${t('品牌', 'Brand')} ${b}`, value: b })),
          ]}
        />
        <Select<StatementProvider | ''>
          aria-label={t('支付渠道', 'Provider')}
          value={query.provider ?? ''}
          style={{ width: 160 }}
          onChange={(p) => setQuery({ ...query, provider: p || undefined })}
          options={[
            { label: t('全部渠道', 'All providers'), value: '' },
            ...(Object.keys(PROVIDER_LABELS) as StatementProvider[]).map((p) => ({
              label: provider(p),
              value: p,
            })),
          ]}
        />
      </Space>
      {listing.error && (
        <Alert type="error" showIcon message={listing.error.message} style={{ marginBottom: 16 }} />
      )}
      {brands.length > 0 && <StatementUpload brands={brands} />}
      <Typography.Title level={5}>{t('差异', 'Differences')}</Typography.Title>
      <Table<Mismatch>
        data-testid="reconciliation-mismatches"
        rowKey={(m) => `${m.provider}-${m.kind}-${m.reference}`}
        size="small"
        loading={listing.isFetching}
        dataSource={listing.data?.mismatches}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        columns={[
          { title: t('日期', 'Day'), dataIndex: 'day', width: 110 },
          { title: t('品牌', 'Brand'), dataIndex: 'platform', width: 70 },
          { title: t('渠道', 'Provider'), dataIndex: 'provider', render: provider },
          {
            title: t('类型', 'Kind'),
            dataIndex: 'kind',
            render: (k: string) => (k === 'payment' ? t('收款', 'Payment') : t('退款', 'Refund')),
          },
          { title: t('单号', 'Reference'), dataIndex: 'reference' },
          {
            title: t('我方金额', 'Ours'),
            dataIndex: 'ourAmount',
            align: 'right',
            render: (v: number | null) => (v === null ? '—' : yuan(v)),
          },
          {
            title: t('渠道金额', 'Provider'),
            dataIndex: 'theirAmount',
            align: 'right',
            render: (v: number | null) => (v === null ? '—' : yuan(v)),
          },
          {
            title: t('差异', 'Difference'),
            render: (_, m) => <Tag color="orange">{problem(m)}</Tag>,
          },
          {
            title: t('处理', 'Resolution'),
            render: (_, m) =>
              m.resolution ? (
                <span>
                  <Tag color="green">{t('已处理', 'Resolved')}</Tag>
                  {m.resolution.note} ({m.resolution.staffLogin})
                </span>
              ) : (
                <Button size="small" onClick={() => setResolving(m)}>
                  {t('处理', 'Resolve')}
                </Button>
              ),
          },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('按日汇总', 'By day')}
      </Typography.Title>
      <Table<DayRow>
        rowKey={(d) => `${d.day}-${d.platform}-${d.provider}`}
        size="small"
        loading={listing.isFetching}
        dataSource={listing.data?.days}
        pagination={{ pageSize: 31, hideOnSinglePage: true }}
        columns={[
          { title: t('日期', 'Day'), dataIndex: 'day', width: 110 },
          { title: t('品牌', 'Brand'), dataIndex: 'platform', width: 70 },
          { title: t('渠道', 'Provider'), dataIndex: 'provider', render: provider },
          { title: t('我方（笔/金额）', 'Ours (count/amount)'), dataIndex: 'ours', render: totals },
          { title: t('渠道对账单', 'Provider statement'), dataIndex: 'theirs', render: totals },
          {
            title: t('差异', 'Differences'),
            render: (_, d) =>
              d.theirs === null ? '—' : `${d.mismatches} (${t('未处理', 'open')} ${d.unresolved})`,
          },
        ]}
      />
      {resolving && <ResolveDialog mismatch={resolving} onClose={() => setResolving(null)} />}
    </section>
  );
}
