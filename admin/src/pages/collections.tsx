/**
 * The overdue queue (issue 38): a tab per days-overdue bucket with its count, filters by brand and
 * collector, and assignment of a case to a collector. Broken promises come first (the server
 * orders the queue). The query lives in the address, so back and reload keep it.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Select, Space, Table, Tabs, Tag } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import {
  CONTACT_OUTCOMES,
  OVERDUE_BUCKETS,
  type ContactOutcome,
  type ListOverdueQuery,
  type OverdueBucket,
  type OverdueCase,
} from '../../../contract/admin/collections.ts';
import { api } from '../api.ts';
import { useText } from '../i18n.tsx';
import { useBrands } from '../brand-picker.tsx';
import { useSession } from '../session.tsx';
import { brandName, yuan, type Collectors, type OverdueList } from '../types.ts';

const BUCKETS = Object.keys(OVERDUE_BUCKETS) as OverdueBucket[];
const BUCKET_EN: Record<OverdueBucket, string> = {
  d1_7: '1-7 days',
  d8_30: '8-30 days',
  d31_90: '31-90 days',
  d90_plus: 'Over 90 days',
};
export const OUTCOME_EN: Record<ContactOutcome, string> = {
  reached: 'Reached',
  no_answer: 'No answer',
  promised: 'Promised',
  refused: 'Refused',
  wrong_number: 'Wrong number',
};

function readQuery(params: URLSearchParams): ListOverdueQuery {
  const number = (key: string) => {
    const raw = params.get(key);
    const value = Number(raw);
    return raw !== null && Number.isInteger(value) && value >= 0 ? value : undefined;
  };
  const bucket = params.get('bucket');
  return {
    bucket: BUCKETS.includes(bucket as OverdueBucket) ? (bucket as OverdueBucket) : undefined,
    platform: number('platform') || undefined,
    assigneeId: number('assigneeId'),
    pageNum: number('pageNum') || 1,
    pageSize: 20,
  };
}

export default function CollectionsPage() {
  const t = useText();
  const { can } = useSession();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const queue = useQuery({
    queryKey: ['overdue', query],
    queryFn: () => api.get<OverdueList>('/collections/overdue', { ...query }),
    placeholderData: keepPreviousData,
  });
  const collectors = useQuery({
    queryKey: ['collectors'],
    queryFn: () => api.get<Collectors>('/collections/collectors'),
  });
  const assign = useMutation({
    mutationFn: ({ orderId, staffId }: { orderId: number; staffId: number | null }) =>
      api.post(`/orders/${orderId}/collector`, { staffId }),
    onSuccess: () => {
      void message.success(t('已分配', 'Assigned'));
      void queryClient.invalidateQueries({ queryKey: ['overdue'] });
    },
    onError: (error: Error) => void message.error(error.message),
  });
  const set = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, value);
    }
    if (!('pageNum' in patch)) next.delete('pageNum');
    setParams(next);
  };
  const brands = useBrands();
  const collectorOptions = (collectors.data ?? []).map((s) => ({
    value: s.id,
    label: `${s.displayName}（${s.login}）`,
  }));
  const data = queue.data;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <h1 style={{ fontSize: 18, margin: 0 }}>{t('逾期催收', 'Overdue collections')}</h1>
      <Tabs
        activeKey={query.bucket ?? 'all'}
        onChange={(key) => set({ bucket: key === 'all' ? undefined : key })}
        items={[
          {
            key: 'all',
            label: `${t('全部', 'All')} ${data ? data.tabs.reduce((s, tab) => s + tab.count, 0) : ''}`,
          },
          ...BUCKETS.map((key) => ({
            key,
            label: (
              <span data-testid={`bucket-${key}`}>
                {t(OVERDUE_BUCKETS[key].label, BUCKET_EN[key])}{' '}
                {data?.tabs.find((tab) => tab.key === key)?.count ?? ''}
              </span>
            ),
          })),
        ]}
      />
      <Space wrap>
        <Select
          aria-label={t('品牌', 'Brand')}
          allowClear
          placeholder={t('全部品牌', 'All brands')}
          style={{ width: 140 }}
          value={query.platform}
          onChange={(value?: number) => set({ platform: value ? String(value) : undefined })}
          options={brands.map((b) => ({ value: b, label: brandName(b, t) }))}
        />
        <Select
          aria-label={t('催收员', 'Collector')}
          allowClear
          placeholder={t('全部催收员', 'All collectors')}
          style={{ width: 200 }}
          value={query.assigneeId}
          onChange={(value?: number) =>
            set({ assigneeId: value === undefined ? undefined : String(value) })
          }
          options={[{ value: 0, label: t('未分配', 'Unassigned') }, ...collectorOptions]}
        />
      </Space>
      {queue.error && <Alert type="error" message={(queue.error as Error).message} />}
      <Table<OverdueCase>
        rowKey="orderId"
        size="small"
        loading={queue.isFetching}
        dataSource={data?.list ?? []}
        scroll={{ x: 1100 }}
        pagination={{
          current: query.pageNum,
          pageSize: 20,
          total: data?.total ?? 0,
          onChange: (page) => set({ pageNum: String(page) }),
        }}
        columns={[
          {
            title: t('订单号', 'Order'),
            dataIndex: 'orderNo',
            render: (no: string, row) => <Link to={`/collections/${row.orderId}`}>{no}</Link>,
          },
          {
            title: t('品牌', 'Brand'),
            dataIndex: 'platform',
            render: (platform: number) => brandName(platform, t),
          },
          { title: t('客户', 'Customer'), dataIndex: 'customerName' },
          { title: t('手机', 'Mobile'), dataIndex: 'mobile' },
          { title: t('状态', 'Status'), dataIndex: 'statusText' },
          { title: t('逾期天数', 'Days late'), dataIndex: 'daysOverdue' },
          { title: t('欠款', 'Owed'), dataIndex: 'owed', render: yuan },
          { title: t('逾期费', 'Late fee'), dataIndex: 'overdueFee', render: yuan },
          {
            title: t('最近联系', 'Last contact'),
            key: 'contact',
            render: (_: unknown, row) =>
              row.lastContactAt
                ? `${row.lastContactAt.slice(0, 16).replace('T', ' ')} ${
                    row.lastContactOutcome
                      ? t(
                          CONTACT_OUTCOMES[row.lastContactOutcome],
                          OUTCOME_EN[row.lastContactOutcome],
                        )
                      : ''
                  }`
                : '—',
          },
          {
            title: t('承诺还款', 'Promise'),
            key: 'promise',
            render: (_: unknown, row) =>
              row.promisedDate ? (
                <span>
                  {row.promisedDate} {yuan(row.promisedAmount ?? 0)}{' '}
                  {row.promiseBroken && <Tag color="red">{t('已违约', 'Broken')}</Tag>}
                </span>
              ) : (
                '—'
              ),
          },
          {
            title: t('催收员', 'Collector'),
            key: 'assignee',
            render: (_: unknown, row) =>
              can('collections.assign') ? (
                <Select
                  aria-label={t('分配催收员', 'Assign collector')}
                  size="small"
                  allowClear
                  style={{ width: 180 }}
                  placeholder={t('未分配', 'Unassigned')}
                  value={row.assignee?.id}
                  options={collectorOptions}
                  onChange={(staffId?: number) =>
                    assign.mutate({ orderId: row.orderId, staffId: staffId ?? null })
                  }
                />
              ) : (
                (row.assignee?.displayName ?? t('未分配', 'Unassigned'))
              ),
          },
        ]}
      />
    </Space>
  );
}
