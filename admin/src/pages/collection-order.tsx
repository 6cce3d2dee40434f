/**
 * One order's collections panel (issue 38): its bills with what is late, the contact log (the
 * collectors' records and the reminders the system sent) with a form to add a call, message or
 * note (a promise has a date and an amount), and finance's money actions: waive a late fee,
 * record an offline repayment, take bills from a frozen deposit, write a bill off. Each money
 * action asks for confirmation and a reason, and carries one request key per dialog, so a
 * double click writes once.
 */
import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Skeleton,
  Space,
  Table,
  Tag,
  Timeline,
} from 'antd';
import dayjs from 'dayjs';
import { Link, useParams } from 'react-router-dom';
import {
  CONTACT_KINDS,
  CONTACT_OUTCOMES,
  REMINDER_CHANNELS,
  REMINDER_KINDS,
  type AddContactRecordBody,
  type ContactEntry,
  type ContactKind,
  type ContactOutcome,
} from '../../../contract/admin/collections.ts';
import { api } from '../api.ts';
import { useText } from '../i18n.tsx';
import { useSession } from '../session.tsx';
import { yuan, type OrderDetail } from '../types.ts';
import { OUTCOME_EN } from './collections.tsx';

type Bill = OrderDetail['bills'][number];
type MoneyAction = 'waive' | 'offline' | 'deposit' | 'writeOff';

const KIND_EN: Record<ContactKind, string> = { call: 'Call', message: 'Message', note: 'Note' };
const REMINDER_EN: Record<string, string> = {
  due_in_3_days: 'Reminder 3 days before due',
  due_in_1_day: 'Reminder 1 day before due',
  due_today: 'Reminder on the due day',
  overdue: 'Overdue reminder',
};
const CHANNEL_EN: Record<string, string> = {
  sms: 'SMS',
  wechat: 'WeChat subscribe message',
  alipay: 'Alipay subscribe message',
};

const outstanding = (bill: Bill) => (bill.status === 'unpaid' ? bill.due - bill.paid : 0);
const newKey = () => crypto.randomUUID().replace(/-/g, '');

export default function CollectionOrderPage() {
  const t = useText();
  const id = Number(useParams().id);
  const { can } = useSession();
  const order = useQuery({
    queryKey: ['order', id],
    queryFn: () => api.get<OrderDetail>(`/orders/${id}`),
  });
  const contacts = useQuery({
    queryKey: ['contacts', id],
    queryFn: () => api.get<{ list: ContactEntry[] }>(`/orders/${id}/contacts`),
  });
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<{ action: MoneyAction; bills: Bill[] } | null>(null);
  if (order.isLoading) return <Skeleton active />;
  if (order.error || !order.data)
    return <Alert type="error" message={(order.error as Error | null)?.message ?? ''} />;
  const d = order.data;
  const money = can('bills.refund');
  const chosen = d.bills.filter((b) => selected.includes(b.id));
  const open = (action: MoneyAction, bills: Bill[]) => setDialog({ action, bills });
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        size="small"
        title={
          <h1 style={{ fontSize: 18, margin: 0 }}>
            {t('催收', 'Collections')} · {t('订单', 'Order')}{' '}
            <Link to={`/orders/${id}`}>{d.order.orderNo}</Link> ·{' '}
            <span data-testid="order-status">{d.order.statusText}</span>
          </h1>
        }
        extra={<Link to="/collections">{t('返回逾期列表', 'Back to the queue')}</Link>}
      >
        {d.customer.name} · {d.customer.mobile} · {d.goods.name}
      </Card>
      <Card
        title={t('账单', 'Bills')}
        size="small"
        extra={
          money && (
            <Space wrap>
              <Button
                type="primary"
                disabled={chosen.length === 0}
                onClick={() => open('offline', chosen)}
              >
                {t('登记线下还款', 'Record offline repayment')}
              </Button>
              {d.plan.depositMethod === 'freeze' && (
                <Button disabled={chosen.length === 0} onClick={() => open('deposit', chosen)}>
                  {t('从押金扣款', 'Take from deposit')}
                </Button>
              )}
            </Space>
          )
        }
      >
        <Table<Bill>
          rowKey="id"
          size="small"
          pagination={false}
          scroll={{ x: 900 }}
          dataSource={d.bills}
          rowSelection={
            money
              ? {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys as number[]),
                  getCheckboxProps: (bill) => ({
                    disabled:
                      outstanding(bill) <= 0 || bill.kind === 'FIRST' || bill.kind === 'DEPOSIT',
                    'aria-label': t(`选择第 ${bill.period} 期`, `Pick period ${bill.period}`),
                  }),
                }
              : undefined
          }
          columns={[
            { title: t('期数', 'Period'), dataIndex: 'period' },
            { title: t('类型', 'Kind'), dataIndex: 'kind' },
            { title: t('到期日', 'Due'), dataIndex: 'dueDate' },
            { title: t('逾期天数', 'Days late'), dataIndex: 'overdueDays' },
            {
              title: t('逾期费', 'Late fee'),
              key: 'fee',
              render: (_: unknown, b) =>
                `${yuan(b.overdueFee ?? 0)}${
                  (b.feeWaived ?? 0) > 0
                    ? t(`（已减免 ${yuan(b.feeWaived!)}）`, ` (${yuan(b.feeWaived!)} waived)`)
                    : ''
                }`,
            },
            {
              title: t('待还', 'Owed'),
              key: 'owed',
              render: (_: unknown, b) => yuan(outstanding(b)),
            },
            { title: t('已付', 'Paid'), dataIndex: 'paid', render: yuan },
            {
              title: t('状态', 'Status'),
              key: 'status',
              render: (_: unknown, b) =>
                b.status === 'paid' && b.channel === 'offline' ? (
                  <Tag color="green">{t('已线下还款', 'Repaid offline')}</Tag>
                ) : (b.writtenOff ?? 0) > 0 ? (
                  <Tag>
                    {t(`已核销 ${yuan(b.writtenOff!)}`, `Written off ${yuan(b.writtenOff!)}`)}
                  </Tag>
                ) : (
                  b.status
                ),
            },
            ...(money
              ? [
                  {
                    title: t('操作', 'Actions'),
                    key: 'actions',
                    render: (_: unknown, b: Bill) =>
                      b.status === 'unpaid' ? (
                        <Space>
                          {(b.overdueFee ?? 0) > 0 && (
                            <Button size="small" onClick={() => open('waive', [b])}>
                              {t('减免逾期费', 'Waive fee')}
                            </Button>
                          )}
                          {(b.overdueDays ?? 0) > 0 && b.paid === 0 && (
                            <Button size="small" danger onClick={() => open('writeOff', [b])}>
                              {t('核销', 'Write off')}
                            </Button>
                          )}
                        </Space>
                      ) : null,
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <ContactCard orderId={id} entries={contacts.data?.list ?? []} />
      {dialog && (
        <MoneyDialog
          orderId={id}
          action={dialog.action}
          bills={dialog.bills}
          onClose={(done) => {
            setDialog(null);
            if (done) setSelected([]);
          }}
        />
      )}
    </Space>
  );
}

function ContactCard({ orderId, entries }: { orderId: number; entries: ContactEntry[] }) {
  const t = useText();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{
    kind: ContactKind;
    outcome?: ContactOutcome;
    note?: string;
    promisedDate?: dayjs.Dayjs;
    promisedYuan?: number;
  }>();
  const outcome = Form.useWatch('outcome', form);
  const add = useMutation({
    mutationFn: (body: AddContactRecordBody) => api.post(`/orders/${orderId}/contacts`, body),
    onSuccess: () => {
      void message.success(t('已记录', 'Recorded'));
      form.resetFields();
      void queryClient.invalidateQueries({ queryKey: ['contacts', orderId] });
      void queryClient.invalidateQueries({ queryKey: ['overdue'] });
    },
    onError: (error: Error) => void message.error(error.message),
  });
  const line = (e: ContactEntry) => {
    const at = e.at.slice(0, 16).replace('T', ' ');
    if (e.source === 'system') {
      const kind = t(
        REMINDER_KINDS[e.kind as keyof typeof REMINDER_KINDS] ?? e.kind,
        REMINDER_EN[e.kind] ?? e.kind,
      );
      const channel = t(
        REMINDER_CHANNELS[e.channel as keyof typeof REMINDER_CHANNELS] ?? e.channel ?? '',
        CHANNEL_EN[e.channel ?? ''] ?? e.channel ?? '',
      );
      return `${at} · ${t('系统', 'System')} · ${kind}（${channel}）· ${
        e.outcome === 'sent' ? t('已发送', 'sent') : t('发送失败', 'failed')
      }`;
    }
    const outcomeText = e.outcome
      ? t(CONTACT_OUTCOMES[e.outcome as ContactOutcome], OUTCOME_EN[e.outcome as ContactOutcome])
      : '';
    const promise = e.promisedDate
      ? t(
          ` · 承诺 ${e.promisedDate} 还 ${yuan(e.promisedAmount ?? 0)}`,
          ` · promised ${yuan(e.promisedAmount ?? 0)} by ${e.promisedDate}`,
        )
      : '';
    return `${at} · ${e.by?.login ?? ''} · ${t(CONTACT_KINDS[e.kind as ContactKind], KIND_EN[e.kind as ContactKind])}${
      outcomeText ? ` · ${outcomeText}` : ''
    }${promise}${e.note ? ` · ${e.note}` : ''}`;
  };
  return (
    <Card title={t('联系记录', 'Contact log')} size="small">
      <Form
        form={form}
        layout="inline"
        initialValues={{ kind: 'call' }}
        onFinish={(values) =>
          add.mutate({
            kind: values.kind,
            ...(values.outcome ? { outcome: values.outcome } : {}),
            ...(values.note ? { note: values.note } : {}),
            ...(values.outcome === 'promised'
              ? {
                  promisedDate: values.promisedDate?.format('YYYY-MM-DD'),
                  promisedAmount: Math.round((values.promisedYuan ?? 0) * 100),
                }
              : {}),
          })
        }
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="kind" label={t('方式', 'Type')}>
          <Select
            style={{ width: 120 }}
            options={(Object.keys(CONTACT_KINDS) as ContactKind[]).map((k) => ({
              value: k,
              label: t(CONTACT_KINDS[k], KIND_EN[k]),
            }))}
          />
        </Form.Item>
        <Form.Item name="outcome" label={t('结果', 'Outcome')}>
          <Select
            allowClear
            style={{ width: 130 }}
            options={(Object.keys(CONTACT_OUTCOMES) as ContactOutcome[]).map((k) => ({
              value: k,
              label: t(CONTACT_OUTCOMES[k], OUTCOME_EN[k]),
            }))}
          />
        </Form.Item>
        {outcome === 'promised' && (
          <>
            <Form.Item
              name="promisedDate"
              label={t('承诺日期', 'Promised date')}
              rules={[{ required: true, message: t('请选择日期', 'Pick a date') }]}
            >
              <DatePicker disabledDate={(day) => day.isBefore(dayjs(), 'day')} />
            </Form.Item>
            <Form.Item
              name="promisedYuan"
              label={t('承诺金额（元）', 'Promised amount (¥)')}
              rules={[{ required: true, message: t('请输入金额', 'Enter an amount') }]}
            >
              <InputNumber min={0.01} precision={2} />
            </Form.Item>
          </>
        )}
        <Form.Item name="note" label={t('备注', 'Note')}>
          <Input maxLength={500} style={{ width: 240 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={add.isPending}>
            {t('添加记录', 'Add record')}
          </Button>
        </Form.Item>
      </Form>
      <Timeline
        items={entries.map((e) => ({
          color: e.source === 'system' ? 'gray' : 'blue',
          children: <span data-testid="contact-entry">{line(e)}</span>,
        }))}
      />
    </Card>
  );
}

function MoneyDialog({
  orderId,
  action,
  bills,
  onClose,
}: {
  orderId: number;
  action: MoneyAction;
  bills: Bill[];
  onClose: (done: boolean) => void;
}) {
  const t = useText();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  // One key per dialog: a repeated click or a retry after a lost answer writes once.
  const key = useMemo(newKey, []);
  const owed = bills.reduce((sum, b) => sum + outstanding(b), 0);
  const [form] = Form.useForm<{ amountYuan?: number; reference?: string; reason: string }>();
  const titles: Record<MoneyAction, string> = {
    waive: t('减免逾期费', 'Waive the late fee'),
    offline: t('登记线下还款', 'Record an offline repayment'),
    deposit: t('从押金扣款', 'Take from the deposit'),
    writeOff: t('核销账单', 'Write the bill off'),
  };
  const run = useMutation({
    mutationFn: (values: { amountYuan?: number; reference?: string; reason: string }) => {
      const fen = Math.round((values.amountYuan ?? 0) * 100);
      const billIds = bills.map((b) => b.id);
      switch (action) {
        case 'waive':
          return api.post(
            `/bills/${bills[0]!.id}/waive-fee`,
            { amount: fen, reason: values.reason },
            key,
          );
        case 'offline':
          return api.post(
            `/orders/${orderId}/offline-repayment`,
            { billIds, amount: fen, reference: values.reference, reason: values.reason },
            key,
          );
        case 'deposit':
          return api.post(
            `/orders/${orderId}/deposit-deduction`,
            { billIds, reason: values.reason },
            key,
          );
        case 'writeOff':
          return api.post(`/bills/${bills[0]!.id}/write-off`, { reason: values.reason }, key);
      }
    },
    onSuccess: () => {
      void message.success(t('已完成', 'Done'));
      void queryClient.invalidateQueries({ queryKey: ['order', orderId] });
      void queryClient.invalidateQueries({ queryKey: ['overdue'] });
      onClose(true);
    },
    onError: (error: Error) => void message.error(error.message),
  });
  const summary =
    action === 'waive'
      ? t(
          `未付逾期费 ${yuan(bills[0]!.overdueFee ?? 0)}`,
          `Late fee unpaid: ${yuan(bills[0]!.overdueFee ?? 0)}`,
        )
      : t(
          `${bills.length} 笔账单，应还 ${yuan(owed)}`,
          `${bills.length} bill(s), owing ${yuan(owed)}`,
        );
  return (
    <Modal
      open
      title={titles[action]}
      okText={t('确认', 'Confirm')}
      cancelText={t('取消', 'Cancel')}
      okButtonProps={{ danger: action === 'writeOff', loading: run.isPending }}
      onCancel={() => onClose(false)}
      onOk={() => void form.validateFields().then((values) => run.mutate(values))}
    >
      <Alert type="warning" showIcon message={summary} style={{ marginBottom: 16 }} />
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          amountYuan:
            action === 'offline'
              ? owed / 100
              : action === 'waive'
                ? (bills[0]!.overdueFee ?? 0) / 100
                : undefined,
        }}
      >
        {(action === 'waive' || action === 'offline') && (
          <Form.Item
            name="amountYuan"
            label={t('金额（元）', 'Amount (¥)')}
            rules={[{ required: true, message: t('请输入金额', 'Enter an amount') }]}
          >
            <InputNumber min={0.01} precision={2} style={{ width: '100%' }} />
          </Form.Item>
        )}
        {action === 'offline' && (
          <Form.Item
            name="reference"
            label={t('付款凭证号（转账流水号等）', 'Payment reference (transfer serial…)')}
            rules={[{ required: true, min: 2, message: t('请输入凭证号', 'Enter the reference') }]}
          >
            <Input maxLength={64} />
          </Form.Item>
        )}
        <Form.Item
          name="reason"
          label={t('原因', 'Reason')}
          rules={[{ required: true, min: 2, message: t('请填写原因', 'Give a reason') }]}
        >
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
