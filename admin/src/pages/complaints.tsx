/**
 * The complaints and feedback queue of the account's brands: filters by state, brand and
 * assignee (paged on the server); a complaint opens in a dialog where a service account assigns
 * it, moves its state and replies. The customer reads the reply in the storefront's feedback
 * screen. Every change is audited on the server.
 */
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Empty,
  Form,
  Input,
  Modal,
  Segmented,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { Static } from '@sinclair/typebox';
import {
  COMPLAINT_STATUSES,
  type ComplaintStatus,
  type DeskComplaint,
  type ListComplaintsQuery,
  type ListComplaintsReply,
} from '../../../contract/admin/complaints.ts';
import { PLATFORM_IDS } from '../../../contract/http.ts';
import { api } from '../api.ts';
import { ErrorAlert } from '../error-alert.tsx';
import { useText } from '../i18n.tsx';
import { brandName } from '../types.ts';

type ComplaintList = Static<typeof ListComplaintsReply>['data'];
type Assignee = ComplaintList['assignees'][number];

const STATUS_LABELS: Record<ComplaintStatus, [zh: string, en: string]> = {
  new: ['新反馈', 'New'],
  in_progress: ['处理中', 'In progress'],
  resolved: ['已解决', 'Resolved'],
};
const STATUS_COLORS: Record<ComplaintStatus, string> = {
  new: 'red',
  in_progress: 'blue',
  resolved: 'green',
};
const at = (value: string | null) => (value ? new Date(value).toLocaleString('zh-CN') : '—');

function HandleDialog({
  complaint,
  assignees,
  onClose,
}: {
  complaint: DeskComplaint;
  assignees: Assignee[];
  onClose: () => void;
}) {
  const t = useText();
  const client = useQueryClient();
  const { message } = App.useApp();
  const [reply, setReply] = useState(complaint.reply ?? '');
  const done = (text: string) => {
    void message.success(text);
    void client.invalidateQueries({ queryKey: ['complaints'] });
  };
  const update = useMutation({
    mutationFn: (body: { status?: ComplaintStatus; assigneeId?: number | null }) =>
      api.post<DeskComplaint>(`/complaints/${complaint.id}`, body),
    onSuccess: () => done(t('已更新', 'Updated')),
  });
  const answer = useMutation({
    mutationFn: (resolve: boolean) =>
      api.post<DeskComplaint>(`/complaints/${complaint.id}/reply`, {
        reply: reply.trim(),
        resolve,
      }),
    onSuccess: () => {
      done(t('回复已发送', 'Reply sent'));
      onClose();
    },
  });
  const current = update.data ?? complaint;
  const handlesBrand = (a: Assignee) => a.allBrands || a.brands.includes(complaint.platform);
  const error = update.error ?? answer.error;
  const replyOk = reply.trim().length >= 2 && reply.trim().length <= 500;
  return (
    <Modal
      open
      title={`${t('处理反馈', 'Handle feedback')} #${complaint.id}`}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('关闭', 'Close')}
        </Button>,
        <Button
          key="reply"
          disabled={!replyOk}
          loading={answer.isPending}
          onClick={() => answer.mutate(false)}
        >
          {t('发送回复', 'Send reply')}
        </Button>,
        <Button
          key="resolve"
          type="primary"
          disabled={!replyOk}
          loading={answer.isPending}
          onClick={() => answer.mutate(true)}
        >
          {t('回复并解决', 'Reply and resolve')}
        </Button>,
      ]}
    >
      <ErrorAlert error={error} />
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('品牌', 'Brand')}>
          {brandName(complaint.platform, t)}
        </Descriptions.Item>
        <Descriptions.Item label={t('类型', 'Type')}>{complaint.typeLabel}</Descriptions.Item>
        <Descriptions.Item label={t('内容', 'Content')}>
          <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{complaint.content}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('客户手机', 'Customer mobile')}>
          {complaint.mobile}
        </Descriptions.Item>
        <Descriptions.Item label={t('联系电话', 'Contact mobile')}>
          {complaint.contactMobile ?? '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('图片', 'Images')}>{complaint.images}</Descriptions.Item>
        <Descriptions.Item label={t('提交时间', 'Sent')}>
          {at(complaint.createdAt)}
        </Descriptions.Item>
      </Descriptions>
      <Form layout="vertical" style={{ marginTop: 16 }}>
        <Form.Item label={t('状态', 'Status')}>
          <Select<ComplaintStatus>
            aria-label={t('状态', 'Status')}
            value={current.status}
            disabled={update.isPending}
            onChange={(status) => update.mutate({ status })}
            options={COMPLAINT_STATUSES.map((s) => ({ value: s, label: t(...STATUS_LABELS[s]) }))}
          />
        </Form.Item>
        <Form.Item label={t('指派给', 'Assigned to')}>
          <Select<number>
            aria-label={t('指派给', 'Assigned to')}
            allowClear
            placeholder={t('未指派', 'Nobody')}
            value={current.assignee?.id}
            disabled={update.isPending}
            onChange={(assigneeId) => update.mutate({ assigneeId: assigneeId ?? null })}
            options={assignees
              .filter(handlesBrand)
              .map((a) => ({ value: a.id, label: `${a.displayName} (${a.login})` }))}
          />
        </Form.Item>
        <Form.Item
          label={t(
            '回复客户（客户在反馈页可见）',
            'Reply (the customer sees it on the feedback screen)',
          )}
        >
          <Input.TextArea
            aria-label={t('回复内容', 'Reply')}
            rows={3}
            maxLength={500}
            showCount
            value={reply}
            onChange={(event) => setReply(event.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function ComplaintsPage() {
  const t = useText();
  const [query, setQuery] = useState<ListComplaintsQuery>({ pageNum: 1, pageSize: 20 });
  const [open, setOpen] = useState<DeskComplaint | null>(null);
  const complaints = useQuery({
    queryKey: ['complaints', query],
    queryFn: () => api.get<ComplaintList>('/complaints', { ...query }),
    placeholderData: keepPreviousData,
  });
  const data = complaints.data;
  const statusTabs = [
    { value: 'all', label: t('全部', 'All') },
    ...COMPLAINT_STATUSES.map((s) => ({
      value: s,
      label: `${t(...STATUS_LABELS[s])}${data ? ` (${data.counts[s]})` : ''}`,
    })),
  ];
  return (
    <section aria-label={t('投诉与反馈', 'Complaints and feedback')}>
      <Typography.Title level={4}>{t('投诉与反馈', 'Complaints and feedback')}</Typography.Title>
      <Space wrap style={{ marginBottom: 16 }}>
        <Segmented
          aria-label={t('状态', 'Status')}
          value={query.status ?? 'all'}
          options={statusTabs}
          onChange={(value) =>
            setQuery({
              ...query,
              status: value === 'all' ? undefined : (value as ComplaintStatus),
              pageNum: 1,
            })
          }
        />
        <Select<number>
          aria-label={t('品牌', 'Brand')}
          allowClear
          placeholder={t('全部品牌', 'All brands')}
          style={{ width: 140 }}
          value={query.platform}
          onChange={(platform) => setQuery({ ...query, platform, pageNum: 1 })}
          options={PLATFORM_IDS.map((id) => ({ value: id, label: brandName(id, t) }))}
        />
        <Select<number>
          aria-label={t('处理人', 'Assignee')}
          allowClear
          placeholder={t('全部处理人', 'Any assignee')}
          style={{ width: 200 }}
          value={query.assigneeId}
          onChange={(assigneeId) => setQuery({ ...query, assigneeId, pageNum: 1 })}
          options={[
            { value: 0, label: t('未指派', 'Nobody') },
            ...(data?.assignees ?? []).map((a) => ({
              value: a.id,
              label: `${a.displayName} (${a.login})`,
            })),
          ]}
        />
      </Space>
      {complaints.error ? (
        <Alert
          type="error"
          showIcon
          message={`${t('反馈加载失败', 'Feedback failed to load')}：${complaints.error.message}`}
          action={<Button onClick={() => void complaints.refetch()}>{t('重试', 'Retry')}</Button>}
        />
      ) : (
        <Table<DeskComplaint>
          rowKey="id"
          size="small"
          loading={complaints.isFetching}
          dataSource={data?.list}
          scroll={{ x: 1000 }}
          locale={{ emptyText: <Empty description={t('暂无反馈', 'No feedback')} /> }}
          pagination={{
            current: query.pageNum,
            pageSize: query.pageSize,
            total: data?.total ?? 0,
            onChange: (pageNum, pageSize) => setQuery({ ...query, pageNum, pageSize }),
          }}
          columns={[
            { title: '#', dataIndex: 'id', width: 70 },
            {
              title: t('品牌', 'Brand'),
              dataIndex: 'platform',
              render: (platform: number) => brandName(platform, t),
              width: 90,
            },
            { title: t('类型', 'Type'), dataIndex: 'typeLabel', width: 100 },
            { title: t('内容', 'Content'), dataIndex: 'content', ellipsis: true },
            { title: t('客户', 'Customer'), dataIndex: 'mobile', width: 130 },
            {
              title: t('状态', 'Status'),
              dataIndex: 'status',
              width: 100,
              render: (s: ComplaintStatus) => (
                <Tag color={STATUS_COLORS[s]}>{t(...STATUS_LABELS[s])}</Tag>
              ),
            },
            {
              title: t('处理人', 'Assignee'),
              dataIndex: 'assignee',
              width: 120,
              render: (a: DeskComplaint['assignee']) => a?.displayName ?? '—',
            },
            {
              title: t('回复', 'Reply'),
              dataIndex: 'reply',
              ellipsis: true,
              render: (r: string | null) => r ?? '—',
            },
            { title: t('提交时间', 'Sent'), dataIndex: 'createdAt', render: at, width: 170 },
            {
              title: t('操作', 'Actions'),
              key: 'handle',
              width: 90,
              render: (_, c) => (
                <Button size="small" onClick={() => setOpen(c)}>
                  {t('处理', 'Handle')}
                </Button>
              ),
            },
          ]}
        />
      )}
      {open && data && (
        <HandleDialog complaint={open} assignees={data.assignees} onClose={() => setOpen(null)} />
      )}
    </section>
  );
}
