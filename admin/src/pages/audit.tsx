/** The audit log of the owner's brands, newest first, with its filters and paging on the server. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import type { ListAuditQuery } from '../../../contract/admin/index.ts';
import { api } from '../api.ts';
import { useText } from '../i18n.tsx';
import { brandName, type AuditList } from '../types.ts';

type Row = AuditList['list'][number];

const summary = (value: Record<string, unknown> | null) => (value ? JSON.stringify(value) : '—');

export default function AuditPage() {
  const t = useText();
  const [query, setQuery] = useState<ListAuditQuery>({ pageNum: 1, pageSize: 20 });
  const events = useQuery({
    queryKey: ['audit', query],
    queryFn: () => api.get<AuditList>('/audit-events', { ...query }),
    placeholderData: keepPreviousData,
  });
  const filter = (key: 'action' | 'targetType' | 'targetId') => (value: string) =>
    setQuery({ ...query, [key]: value.trim() || undefined, pageNum: 1 });
  return (
    <section aria-label={t('操作日志', 'Audit log')}>
      <Typography.Title level={4}>{t('操作日志', 'Audit log')}</Typography.Title>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label={t('操作', 'Action')}
          placeholder={t('操作，如 order.approve', 'Action, e.g. order.approve')}
          allowClear
          onSearch={filter('action')}
          style={{ width: 220 }}
        />
        <Input.Search
          aria-label={t('对象类型', 'Target type')}
          placeholder={t('对象类型，如 order', 'Target type, e.g. order')}
          allowClear
          onSearch={filter('targetType')}
          style={{ width: 180 }}
        />
        <Input.Search
          aria-label={t('对象编号', 'Target id')}
          placeholder={t('对象编号', 'Target id')}
          allowClear
          onSearch={filter('targetId')}
          style={{ width: 160 }}
        />
      </Space>
      {events.error ? (
        <Alert
          type="error"
          showIcon
          message={t(
            `日志加载失败：${events.error.message}`,
            `The log could not be loaded: ${events.error.message}`,
          )}
          action={<Button onClick={() => void events.refetch()}>{t('重试', 'Retry')}</Button>}
        />
      ) : (
        <Table<Row>
          rowKey="id"
          size="small"
          loading={events.isFetching}
          dataSource={events.data?.list}
          scroll={{ x: 1100 }}
          pagination={{
            current: query.pageNum,
            pageSize: query.pageSize,
            total: events.data?.total ?? 0,
            showTotal: (total) => t(`共 ${total} 条`, `${total} in all`),
          }}
          onChange={(pagination) =>
            setQuery({ ...query, pageNum: pagination.current, pageSize: pagination.pageSize })
          }
          columns={[
            {
              title: t('时间', 'Time'),
              dataIndex: 'at',
              render: (at: string) => new Date(at).toLocaleString(t('zh-CN', 'en-GB')),
              width: 170,
            },
            { title: t('操作人', 'Staff'), dataIndex: 'staffLogin', width: 120 },
            { title: t('操作', 'Action'), dataIndex: 'action', width: 150 },
            {
              title: t('对象', 'Target'),
              key: 'target',
              render: (_: unknown, row) =>
                row.targetType ? `${row.targetType} ${row.targetId ?? ''}` : '—',
              width: 120,
            },
            {
              title: t('品牌', 'Brand'),
              dataIndex: 'platform',
              render: (platform: number | null) => brandName(platform, t),
              width: 80,
            },
            { title: t('来源', 'Via'), dataIndex: 'via', width: 80 },
            { title: 'IP', dataIndex: 'ip', render: (ip: string | null) => ip ?? '—', width: 120 },
            {
              title: t('理由', 'Reason'),
              dataIndex: 'reason',
              render: (r: string | null) => r ?? '—',
            },
            {
              title: t('变更', 'Change'),
              key: 'change',
              ellipsis: true,
              render: (_: unknown, row) => `${summary(row.before)} → ${summary(row.after)}`,
            },
          ]}
        />
      )}
    </section>
  );
}
