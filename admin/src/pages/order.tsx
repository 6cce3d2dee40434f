/**
 * One order: customer (masked), goods, plan, bills, payments, freezes, contract, timeline,
 * logistics, and the steps this role may take on it now. Each step asks for confirmation and a
 * reason in a dialog and shows the server's message when it refuses: the buttons follow the
 * role's permissions, but the server decides. Raw engine codes (states, events, kinds, reasons)
 * are shown by their names in the console's language (labels.ts).
 */
import { useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Skeleton,
  Space,
  Table,
  Timeline,
  Typography,
} from 'antd';
import { Link, useParams } from 'react-router-dom';
import { REJECT_REASONS, type RejectReason } from '../../../contract/admin/index.ts';
import { api } from '../api.ts';
import { ErrorAlert } from '../error-alert.tsx';
import { useText } from '../i18n.tsx';
import { deskLabels, type DeskLabels } from '../labels.ts';
import { useSession } from '../session.tsx';
import { RiskPanel, riskQueryKey } from './order-risk.tsx';
import {
  brandName,
  yuan,
  type OrderActionResult,
  type OrderDetail,
  type RefundResult,
} from '../types.ts';

type Text = ReturnType<typeof useText>;
type Bill = OrderDetail['bills'][number];
type Action = 'approve' | 'reject' | 'ship' | 'receive-return' | 'inspect';

const ACTION_LABELS: Record<Action, [zh: string, en: string]> = {
  approve: ['审核通过', 'Approve'],
  reject: ['拒绝', 'Reject'],
  ship: ['发货', 'Ship'],
  'receive-return': ['收到归还', 'Return received'],
  inspect: ['质检', 'Inspect'],
};
/** The inspection's checklist: the item stored is the Chinese text, the English is shown beside. */
const CHECKLIST: [zh: string, en: string][] = [
  ['外观完好', 'Body intact'],
  ['屏幕正常', 'Screen works'],
  ['功能正常', 'Functions work'],
  ['配件齐全', 'Accessories complete'],
  ['已退出账号', 'Accounts signed out'],
];
const CHECKLIST_ITEMS = CHECKLIST.map(([zh]) => zh);

/** The steps the order's state allows, of those the role may take. */
function availableActions(status: string, can: (p: 'orders.review' | 'orders.fulfil') => boolean) {
  const actions: Action[] = [];
  if (status === 'PENDING_REVIEW' && can('orders.review')) actions.push('approve', 'reject');
  if (status === 'PENDING_SHIP' && can('orders.fulfil')) actions.push('ship');
  if (status === 'RETURNING' && can('orders.fulfil')) actions.push('receive-return');
  if (status === 'INSPECTING' && can('orders.fulfil')) actions.push('inspect');
  return actions;
}

interface ActionValues {
  note?: string;
  reasonCode?: RejectReason;
  courier?: string;
  waybill?: string;
  serial?: string;
  checked?: string[];
  damageYuan?: number;
}

function bodyOf(action: Action, values: ActionValues): Record<string, unknown> {
  const note = values.note?.trim() || undefined;
  switch (action) {
    case 'reject':
      return { reasonCode: values.reasonCode, note };
    case 'ship':
      return { courier: values.courier, waybill: values.waybill, serial: values.serial, note };
    case 'inspect':
      return {
        checklist: CHECKLIST_ITEMS.map((item) => ({
          item,
          ok: values.checked?.includes(item) ?? false,
        })),
        damage: Math.round((values.damageYuan ?? 0) * 100),
        note,
      };
    default:
      return { note };
  }
}

function ActionDialog({
  orderId,
  action,
  onClose,
}: {
  orderId: number;
  action: Action;
  onClose: () => void;
}) {
  const t = useText();
  const [form] = Form.useForm<ActionValues>();
  const client = useQueryClient();
  const { message } = App.useApp();
  const label = t(...ACTION_LABELS[action]);
  const labels = deskLabels(t);
  const step = useMutation({
    mutationFn: (values: ActionValues) =>
      api.post<OrderActionResult>(`/orders/${orderId}/${action}`, bodyOf(action, values)),
    onSuccess: (result) => {
      void message.success(
        result.repeated
          ? t('此操作已完成过', 'This was already done')
          : t(`${label}成功`, `${label}: done`),
      );
      void client.invalidateQueries({ queryKey: ['order', orderId] });
      void client.invalidateQueries({ queryKey: ['orders'] });
      void client.invalidateQueries({ queryKey: riskQueryKey(orderId) });
      onClose();
    },
  });
  let fields: ReactNode = null;
  if (action === 'reject') {
    fields = (
      <Form.Item
        label={t('拒绝原因', 'Reason for rejecting')}
        name="reasonCode"
        rules={[{ required: true, message: t('请选择原因', 'Choose a reason') }]}
      >
        <Select
          options={Object.keys(REJECT_REASONS).map((value) => ({
            value,
            label: labels.rejectReason(value),
          }))}
        />
      </Form.Item>
    );
  } else if (action === 'ship') {
    fields = (
      <>
        <Form.Item
          label={t('快递公司', 'Courier')}
          name="courier"
          rules={[
            {
              required: true,
              pattern: /^[A-Za-z0-9\u4e00-\u9fa5]{2,20}$/,
              message: t('2-20 位中文、字母或数字', '2-20 Chinese characters, letters or digits'),
            },
          ]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          label={t('运单号', 'Waybill')}
          name="waybill"
          rules={[
            {
              required: true,
              pattern: /^[A-Za-z0-9]{6,30}$/,
              message: t('6-30 位字母或数字', '6-30 letters or digits'),
            },
          ]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          label={t('序列号 / IMEI', 'Serial / IMEI')}
          name="serial"
          rules={[
            {
              required: true,
              pattern: /^[A-Za-z0-9-]{6,40}$/,
              message: t('6-40 位字母、数字或 -', '6-40 letters, digits or -'),
            },
          ]}
        >
          <Input />
        </Form.Item>
      </>
    );
  } else if (action === 'inspect') {
    fields = (
      <>
        <Form.Item
          label={t('检查项（勾选正常的项）', 'Checklist (tick what is fine)')}
          name="checked"
          initialValue={CHECKLIST_ITEMS}
        >
          <Checkbox.Group
            options={CHECKLIST.map(([zh, en]) => ({ value: zh, label: t(zh, en) }))}
          />
        </Form.Item>
        <Form.Item
          label={t('损坏金额（元，0 为无损）', 'Damage (yuan, 0 for none)')}
          name="damageYuan"
          initialValue={0}
          rules={[{ required: true }]}
        >
          <InputNumber min={0} max={1_000_000} precision={2} style={{ width: 200 }} />
        </Form.Item>
      </>
    );
  }
  return (
    <Modal
      open
      title={t(`确认${label}`, `${label}?`)}
      okText={t(`确认${label}`, `Confirm: ${label}`)}
      cancelText={t('取消', 'Cancel')}
      confirmLoading={step.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnClose
    >
      <ErrorAlert error={step.error} />
      <Form form={form} layout="vertical" onFinish={(values) => step.mutate(values)}>
        {fields}
        {/* A review's decision keeps its reason, the approval's too (shown on the risk panel). */}
        <Form.Item
          label={t('备注 / 理由', 'Note / reason')}
          name="note"
          rules={[
            { max: 200 },
            ...(action === 'approve'
              ? [{ required: true, min: 2, message: t('请填写审核理由', 'Give a reason') }]
              : []),
          ]}
        >
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function RefundDialog({
  orderId,
  bill,
  onClose,
}: {
  orderId: number;
  bill: Bill;
  onClose: () => void;
}) {
  const t = useText();
  const [form] = Form.useForm<{ amountYuan: number; reason: string }>();
  const client = useQueryClient();
  const { message } = App.useApp();
  // One key per dialog: a double click or a retry refunds once.
  const [key] = useState(() => crypto.randomUUID());
  const refundable = bill.paid - bill.refunded;
  const refund = useMutation({
    mutationFn: (values: { amountYuan: number; reason: string }) =>
      api.post<RefundResult>(
        `/bills/${bill.id}/refund`,
        { amount: Math.round(values.amountYuan * 100), reason: values.reason.trim() },
        key,
      ),
    onSuccess: () => {
      void message.success(t('退款已提交', 'Refund submitted'));
      void client.invalidateQueries({ queryKey: ['order', orderId] });
      onClose();
    },
  });
  return (
    <Modal
      open
      title={t(`退款：第 ${bill.period} 期账单`, `Refund: bill of period ${bill.period}`)}
      okText={t('确认退款', 'Confirm refund')}
      cancelText={t('取消', 'Cancel')}
      confirmLoading={refund.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <ErrorAlert error={refund.error} />
      <Typography.Paragraph>
        {t('可退金额：', 'Refundable: ')}
        {yuan(refundable)}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(values) => refund.mutate(values)}>
        <Form.Item
          label={t('退款金额（元）', 'Amount (yuan)')}
          name="amountYuan"
          initialValue={refundable / 100}
          rules={[{ required: true }]}
        >
          <InputNumber min={0.01} max={refundable / 100} precision={2} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item
          label={t('退款理由', 'Reason for the refund')}
          name="reason"
          rules={[{ required: true, min: 2, max: 200 }]}
        >
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The customer's full mobile, after a reason (audited on the server); shown in place. */
function RevealMobile({ orderId, masked }: { orderId: number; masked: string }) {
  const t = useText();
  const [asking, setAsking] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const reveal = useMutation({
    mutationFn: (reason: string) =>
      api.post<{ value: string }>(`/orders/${orderId}/reveal`, { field: 'mobile', reason }),
    onSuccess: () => setAsking(false),
  });
  if (reveal.data) return <span data-testid="full-mobile">{reveal.data.value}</span>;
  return (
    <>
      {masked}{' '}
      <Button size="small" type="link" onClick={() => setAsking(true)}>
        {t('查看完整号码', 'Show full number')}
      </Button>
      {asking && (
        <Modal
          open
          title={t('查看完整手机号', 'Show the full mobile number')}
          okText={t('确认查看', 'Show it')}
          cancelText={t('取消', 'Cancel')}
          confirmLoading={reveal.isPending}
          onOk={() => form.submit()}
          onCancel={() => setAsking(false)}
        >
          {reveal.error && (
            <Alert type="error" showIcon role="alert" message={reveal.error.message} />
          )}
          <Typography.Paragraph>
            {t(
              '查看会记入操作日志，请说明理由。',
              'Showing it is recorded in the audit log: give the reason.',
            )}
          </Typography.Paragraph>
          <Form
            form={form}
            layout="vertical"
            onFinish={({ reason }) => reveal.mutate(reason.trim())}
          >
            <Form.Item
              label={t('查看理由', 'Reason')}
              name="reason"
              rules={[{ required: true, min: 2, max: 200 }]}
            >
              <Input />
            </Form.Item>
          </Form>
        </Modal>
      )}
    </>
  );
}

/** A time in the console's language; '—' when there is none. */
const timeOf = (t: Text) => (value: string | null) =>
  value ? new Date(value).toLocaleString(t('zh-CN', 'en-GB')) : '—';

interface SectionProps {
  d: OrderDetail;
  t: Text;
  labels: DeskLabels;
}

function SummaryCard({ d, t, labels, extra }: SectionProps & { extra: ReactNode }) {
  const at = timeOf(t);
  const { can } = useSession();
  const credit =
    d.verification.creditPassed === null
      ? ''
      : d.verification.creditPassed
        ? t('（通过）', ' (passed)')
        : t('（未通过）', ' (not passed)');
  return (
    <Card
      title={
        <h1 style={{ fontSize: 18, margin: 0 }}>
          {t('订单', 'Order')} {d.order.orderNo} ·{' '}
          <span data-testid="order-status">{labels.orderStatus(d.order.status)}</span>
        </h1>
      }
      extra={extra}
    >
      <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
        <Descriptions.Item label={t('品牌', 'Brand')}>
          {brandName(d.order.platform, t)}
        </Descriptions.Item>
        <Descriptions.Item label={t('客户', 'Customer')}>{d.customer.name}</Descriptions.Item>
        <Descriptions.Item label={t('手机', 'Mobile')}>
          {can('customers.reveal') ? (
            <RevealMobile orderId={d.order.id} masked={d.customer.mobile} />
          ) : (
            d.customer.mobile
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('身份证', 'ID number')}>
          {d.customer.idNumber ?? '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('渠道', 'Channel')}>{d.order.channel ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('下单时间', 'Placed')}>
          {at(d.order.createdAt)}
        </Descriptions.Item>
        <Descriptions.Item label={t('实名', 'Identity')}>
          {d.verification.identity ? t('已通过', 'Verified') : t('未通过', 'Not verified')}
        </Descriptions.Item>
        <Descriptions.Item label={t('人脸', 'Face')}>
          {d.verification.face ?? '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('信用分', 'Credit score')}>
          {d.verification.creditScore ?? '—'}
          {credit}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

function GoodsCard({ d, t }: SectionProps) {
  const at = timeOf(t);
  return (
    <Card title={t('商品与方案', 'Goods and plan')} size="small">
      <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
        <Descriptions.Item label={t('商品', 'Goods')}>{d.goods.name}</Descriptions.Item>
        <Descriptions.Item label={t('规格', 'Variant')}>{d.goods.sku}</Descriptions.Item>
        <Descriptions.Item label={t('售价', 'Price')}>{yuan(d.goods.price)}</Descriptions.Item>
        <Descriptions.Item label={t('租期', 'Term')}>
          {d.plan.term} {d.plan.termUnit}
        </Descriptions.Item>
        <Descriptions.Item label={t('每期租金', 'Rent per period')}>
          {yuan(d.plan.rentPerPeriod)}
        </Descriptions.Item>
        <Descriptions.Item label={t('押金', 'Deposit')}>
          {yuan(d.plan.deposit)}（{d.plan.depositMethod}）
        </Descriptions.Item>
        <Descriptions.Item label={t('增值服务', 'Services')}>
          {d.plan.services.map((s) => `${s.name} ${yuan(s.price)}`).join(t('，', ', ')) || '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('合同', 'Contract')}>
          {d.contract ? `${d.contract.status}（${at(d.contract.signedAt)}）` : '—'}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

function BillsCard({
  d,
  t,
  labels,
  onRefund,
}: SectionProps & { onRefund: ((bill: Bill) => void) | null }) {
  return (
    <Card title={t('账单', 'Bills')} size="small">
      <Table<Bill>
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ x: 800 }}
        dataSource={d.bills}
        columns={[
          { title: t('期数', 'Period'), dataIndex: 'period' },
          { title: t('类型', 'Kind'), dataIndex: 'kind', render: labels.billKind },
          { title: t('到期日', 'Due date'), dataIndex: 'dueDate' },
          { title: t('应付', 'Due'), dataIndex: 'due', render: yuan },
          { title: t('已付', 'Paid'), dataIndex: 'paid', render: yuan },
          { title: t('已退', 'Refunded'), dataIndex: 'refunded', render: yuan },
          { title: t('状态', 'State'), dataIndex: 'status', render: labels.billState },
          ...(onRefund
            ? [
                {
                  title: t('操作', 'Actions'),
                  key: 'refund',
                  render: (_: unknown, bill: Bill) =>
                    bill.paid > bill.refunded ? (
                      <Button size="small" onClick={() => onRefund(bill)}>
                        {t('退款', 'Refund')}
                      </Button>
                    ) : null,
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}

function MoneyCard({ d, t, labels }: SectionProps) {
  const at = timeOf(t);
  return (
    <>
      <Card title={t('支付与退款', 'Payments and refunds')} size="small">
        <Table
          rowKey="outTradeNo"
          size="small"
          pagination={false}
          scroll={{ x: 800 }}
          dataSource={d.payments}
          columns={[
            { title: t('商户单号', 'Trade no.'), dataIndex: 'outTradeNo' },
            {
              title: t('渠道单号', 'Provider no.'),
              dataIndex: 'providerTradeNo',
              render: (v: string | null) => v ?? '—',
            },
            { title: t('渠道', 'Channel'), dataIndex: 'channel' },
            { title: t('金额', 'Amount'), dataIndex: 'amount', render: yuan },
            { title: t('状态', 'State'), dataIndex: 'status', render: labels.paymentState },
            { title: t('时间', 'Time'), dataIndex: 'createdAt', render: at },
          ]}
        />
        {d.refunds.length > 0 && (
          <Table
            rowKey="outRefundNo"
            size="small"
            pagination={false}
            scroll={{ x: 800 }}
            style={{ marginTop: 12 }}
            dataSource={d.refunds}
            aria-label={t('退款', 'Refunds')}
            columns={[
              { title: t('退款单号', 'Refund no.'), dataIndex: 'outRefundNo' },
              { title: t('金额', 'Amount'), dataIndex: 'amount', render: yuan },
              { title: t('理由', 'Reason'), dataIndex: 'reason' },
              { title: t('状态', 'State'), dataIndex: 'status', render: labels.refundState },
              { title: t('时间', 'Time'), dataIndex: 'createdAt', render: at },
            ]}
          />
        )}
      </Card>
      <Card title={t('押金冻结', 'Deposit freezes')} size="small">
        <Table
          rowKey="outRequestNo"
          size="small"
          pagination={false}
          scroll={{ x: 700 }}
          dataSource={d.depositFreezes}
          columns={[
            { title: t('请求号', 'Request no.'), dataIndex: 'outRequestNo' },
            {
              title: t('授权号', 'Authorisation'),
              dataIndex: 'authNo',
              render: (v: string | null) => v ?? '—',
            },
            { title: t('冻结', 'Frozen'), dataIndex: 'amount', render: yuan },
            { title: t('转支付', 'Taken as payment'), dataIndex: 'paid', render: yuan },
            { title: t('已解冻', 'Released'), dataIndex: 'unfrozen', render: yuan },
            { title: t('状态', 'State'), dataIndex: 'status', render: labels.freezeState },
          ]}
        />
      </Card>
    </>
  );
}

function LogisticsCard({ d, t }: SectionProps) {
  const at = timeOf(t);
  const l = d.logistics;
  return (
    <Card title={t('物流', 'Logistics')} size="small">
      <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
        <Descriptions.Item label={t('收货地址', 'Address')}>{l.address}</Descriptions.Item>
        <Descriptions.Item label={t('快递', 'Courier')}>{l.courier ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('运单号', 'Waybill')}>{l.waybill ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('序列号', 'Serial')}>{l.deviceSerial ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('发货时间', 'Shipped')}>{at(l.shippedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('签收时间', 'Delivered')}>
          {at(l.deliveredAt)}
        </Descriptions.Item>
        <Descriptions.Item label={t('归还运单', 'Return waybill')}>
          {l.returnWaybill ?? '—'}
        </Descriptions.Item>
      </Descriptions>
      {d.inspections.map((inspection, index) => (
        <Alert
          key={index}
          style={{ marginTop: 8 }}
          type={inspection.damage > 0 ? 'warning' : 'info'}
          message={t(
            `质检（${inspection.by}，${at(inspection.at)}）：损坏 ${yuan(inspection.damage)}`,
            `Inspection (${inspection.by}, ${at(inspection.at)}): damage ${yuan(inspection.damage)}`,
          )}
          description={inspection.checklist.map((c) => `${c.item}${c.ok ? '✓' : '✗'}`).join('  ')}
        />
      ))}
    </Card>
  );
}

function TimelineCard({ d, t, labels }: SectionProps) {
  const at = timeOf(t);
  const reasonOf = (action: string, code: string | null) =>
    code === null
      ? ''
      : ` · ${action === 'reject' ? labels.rejectReason(code) : labels.customerReason(code)}`;
  return (
    <Card title={t('时间线', 'Timeline')} size="small">
      <Timeline
        items={d.events.map((event) => ({
          children: (
            <span data-testid="timeline-event">
              {at(event.at)} · {labels.event(event.action)}（{labels.orderStatus(event.from)} →{' '}
              {labels.orderStatus(event.to)}）· {event.actor}
              {reasonOf(event.action, event.reason)}
              {event.note ? ` · ${event.note}` : ''}
            </span>
          ),
        }))}
      />
    </Card>
  );
}

export default function OrderPage() {
  const t = useText();
  const labels = deskLabels(t);
  const id = Number(useParams().id);
  const { can } = useSession();
  const [action, setAction] = useState<Action | null>(null);
  const [refunding, setRefunding] = useState<Bill | null>(null);
  const detail = useQuery({
    queryKey: ['order', id],
    queryFn: () => api.get<OrderDetail>(`/orders/${id}`),
    enabled: Number.isInteger(id) && id > 0,
  });
  if (detail.isPending) return <Skeleton active />;
  if (detail.error) {
    return (
      <Alert
        type="error"
        showIcon
        message={t(
          `订单加载失败：${detail.error.message}`,
          `The order could not be loaded: ${detail.error.message}`,
        )}
        action={<Link to="/orders">{t('返回订单列表', 'Back to orders')}</Link>}
      />
    );
  }
  const d = detail.data;
  const section = { d, t, labels };
  const actions = availableActions(d.order.status, can);
  const buttons = (
    <Space wrap>
      {actions.map((a) => (
        <Button
          key={a}
          type={a === 'reject' ? 'default' : 'primary'}
          danger={a === 'reject'}
          onClick={() => setAction(a)}
        >
          {t(...ACTION_LABELS[a])}
        </Button>
      ))}
    </Space>
  );
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Link to="/orders">← {t('订单列表', 'Orders')}</Link>
      <SummaryCard {...section} extra={buttons} />
      {can('orders.review') && <RiskPanel orderId={id} />}
      <GoodsCard {...section} />
      <BillsCard {...section} onRefund={can('bills.refund') ? setRefunding : null} />
      <MoneyCard {...section} />
      <LogisticsCard {...section} />
      <TimelineCard {...section} />
      {action && <ActionDialog orderId={id} action={action} onClose={() => setAction(null)} />}
      {refunding && (
        <RefundDialog orderId={id} bill={refunding} onClose={() => setRefunding(null)} />
      )}
    </Space>
  );
}
