/** The audit log of the owner's brands, newest first, with its filters and paging on the server. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import type { ListAuditQuery } from '../../../contract/admin/index.ts';
import { api } from '../api.ts';
import { brandName, type AuditList } from '../types.ts';

type Row = AuditList['list'][number];

const summary = (value: Record<string, unknown> | null) => (value ? JSON.stringify(value) : '—');

export default function AuditPage() {
  const [query, setQuery] = useState<ListAuditQuery>({ pageNum: 1, pageSize: 20 });
  const events = useQuery({
    queryKey: ['audit', query],
    queryFn: () => api.get<AuditList>('/audit-events', { ...query }),
    placeholderData: keepPreviousData,
  });
  const filter = (key: 'action' | 'targetType' | 'targetId') => (value: string) =>
    setQuery({ ...query, [key]: value.trim() || undefined, pageNum: 1 });
  return (
    <section aria-label="操作日志">
      <Typography.Title level={4}>操作日志</Typography.Title>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label="操作"
          placeholder="操作，如 order.approve"
          allowClear
          onSearch={filter('action')}
          style={{ width: 220 }}
        />
        <Input.Search
          aria-label="对象类型"
          placeholder="对象类型，如 order"
          allowClear
          onSearch={filter('targetType')}
          style={{ width: 180 }}
        />
        <Input.Search
          aria-label="对象编号"
          placeholder="对象编号"
          allowClear
          onSearch={filter('targetId')}
          style={{ width: 160 }}
        />
      </Space>
      {events.error ? (
        <Alert
          type="error"
          showIcon
          message={`日志加载失败：${events.error.message}`}
          action={<Button onClick={() => void events.refetch()}>重试</Button>}
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
            showTotal: (total) => `共 ${total} 条`,
          }}
          onChange={(pagination) =>
            setQuery({ ...query, pageNum: pagination.current, pageSize: pagination.pageSize })
          }
          columns={[
            {
              title: '时间',
              dataIndex: 'at',
              render: (at: string) => new Date(at).toLocaleString('zh-CN'),
              width: 170,
            },
            { title: '操作人', dataIndex: 'staffLogin', width: 120 },
            { title: '操作', dataIndex: 'action', width: 150 },
            {
              title: '对象',
              key: 'target',
              render: (_: unknown, row) =>
                row.targetType ? `${row.targetType} ${row.targetId ?? ''}` : '—',
              width: 120,
            },
            { title: '品牌', dataIndex: 'platform', render: brandName, width: 80 },
            { title: '来源', dataIndex: 'via', width: 80 },
            { title: 'IP', dataIndex: 'ip', render: (ip: string | null) => ip ?? '—', width: 120 },
            { title: '理由', dataIndex: 'reason', render: (r: string | null) => r ?? '—' },
            {
              title: '变更',
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
