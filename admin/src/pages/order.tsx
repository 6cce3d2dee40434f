/**
 * One order: customer (masked), goods, plan, bills, payments, freezes, contract, timeline,
 * logistics, and the steps this role may take on it now. Each step asks for confirmation and a
 * reason in a dialog and shows the server's message when it refuses: the buttons follow the
 * role's permissions, but the server decides.
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
import { useText } from '../i18n.tsx';
import { useSession } from '../session.tsx';
import { RiskPanel, riskQueryKey } from './order-risk.tsx';
import {
  brandName,
  yuan,
  type OrderActionResult,
  type OrderDetail,
  type RefundResult,
} from '../types.ts';

type Bill = OrderDetail['bills'][number];
type Action = 'approve' | 'reject' | 'ship' | 'receive-return' | 'inspect';

const ACTION_LABELS: Record<Action, string> = {
  approve: '审核通过',
  reject: '拒绝',
  ship: '发货',
  'receive-return': '确认收到归还',
  inspect: '质检',
};
const CHECKLIST = ['外观完好', '屏幕正常', '功能正常', '配件齐全', '已退出账号'];

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
        checklist: CHECKLIST.map((item) => ({ item, ok: values.checked?.includes(item) ?? false })),
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
  const [form] = Form.useForm<ActionValues>();
  const client = useQueryClient();
  const { message } = App.useApp();
  const t = useText();
  const step = useMutation({
    mutationFn: (values: ActionValues) =>
      api.post<OrderActionResult>(`/orders/${orderId}/${action}`, bodyOf(action, values)),
    onSuccess: (result) => {
      void message.success(result.repeated ? '此操作已完成过' : `${ACTION_LABELS[action]}成功`);
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
        label="拒绝原因"
        name="reasonCode"
        rules={[{ required: true, message: '请选择原因' }]}
      >
        <Select
          options={Object.entries(REJECT_REASONS).map(([value, label]) => ({ value, label }))}
        />
      </Form.Item>
    );
  } else if (action === 'ship') {
    fields = (
      <>
        <Form.Item
          label="快递公司"
          name="courier"
          rules={[
            {
              required: true,
              pattern: /^[A-Za-z0-9\u4e00-\u9fa5]{2,20}$/,
              message: '2-20 位中文、字母或数字',
            },
          ]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          label="运单号"
          name="waybill"
          rules={[{ required: true, pattern: /^[A-Za-z0-9]{6,30}$/, message: '6-30 位字母或数字' }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          label="序列号 / IMEI"
          name="serial"
          rules={[
            { required: true, pattern: /^[A-Za-z0-9-]{6,40}$/, message: '6-40 位字母、数字或 -' },
          ]}
        >
          <Input />
        </Form.Item>
      </>
    );
  } else if (action === 'inspect') {
    fields = (
      <>
        <Form.Item label="检查项（勾选正常的项）" name="checked" initialValue={CHECKLIST}>
          <Checkbox.Group options={CHECKLIST} />
        </Form.Item>
        <Form.Item
          label="损坏金额（元，0 为无损）"
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
      title={`确认${ACTION_LABELS[action]}`}
      okText={`确认${ACTION_LABELS[action]}`}
      cancelText="取消"
      confirmLoading={step.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnClose
    >
      {step.error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={step.error.message}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form form={form} layout="vertical" onFinish={(values) => step.mutate(values)}>
        {fields}
        {/* A review's decision keeps its reason, the approval's too (shown on the risk panel). */}
        <Form.Item
          label="备注 / 理由"
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
      void message.success('退款已提交');
      void client.invalidateQueries({ queryKey: ['order', orderId] });
      onClose();
    },
  });
  return (
    <Modal
      open
      title={`退款：第 ${bill.period} 期账单`}
      okText="确认退款"
      cancelText="取消"
      confirmLoading={refund.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      {refund.error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={refund.error.message}
          style={{ marginBottom: 16 }}
        />
      )}
      <Typography.Paragraph>可退金额：{yuan(refundable)}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(values) => refund.mutate(values)}>
        <Form.Item
          label="退款金额（元）"
          name="amountYuan"
          initialValue={refundable / 100}
          rules={[{ required: true }]}
        >
          <InputNumber min={0.01} max={refundable / 100} precision={2} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="退款理由" name="reason" rules={[{ required: true, min: 2, max: 200 }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

const at = (value: string | null) => (value ? new Date(value).toLocaleString('zh-CN') : '—');

export default function OrderPage() {
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
        message={`订单加载失败：${detail.error.message}`}
        action={<Link to="/orders">返回订单列表</Link>}
      />
    );
  }
  const d = detail.data;
  const actions = availableActions(d.order.status, can);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Link to="/orders">← 订单列表</Link>
      <Card
        title={
          <h1 style={{ fontSize: 18, margin: 0 }}>
            订单 {d.order.orderNo} · <span data-testid="order-status">{d.order.statusText}</span>
          </h1>
        }
        extra={
          <Space wrap>
            {actions.map((a) => (
              <Button
                key={a}
                type={a === 'reject' ? 'default' : 'primary'}
                danger={a === 'reject'}
                onClick={() => setAction(a)}
              >
                {ACTION_LABELS[a]}
              </Button>
            ))}
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label="品牌">{brandName(d.order.platform)}</Descriptions.Item>
          <Descriptions.Item label="客户">{d.customer.name}</Descriptions.Item>
          <Descriptions.Item label="手机">{d.customer.mobile}</Descriptions.Item>
          <Descriptions.Item label="身份证">{d.customer.idNumber ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="渠道">{d.order.channel ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="下单时间">{at(d.order.createdAt)}</Descriptions.Item>
          <Descriptions.Item label="实名">
            {d.verification.identity ? '已通过' : '未通过'}
          </Descriptions.Item>
          <Descriptions.Item label="人脸">{d.verification.face ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="信用分">
            {d.verification.creditScore ?? '—'}
            {d.verification.creditPassed === null
              ? ''
              : d.verification.creditPassed
                ? '（通过）'
                : '（未通过）'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      {can('orders.review') && <RiskPanel orderId={id} />}
      <Card title="商品与方案" size="small">
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label="商品">{d.goods.name}</Descriptions.Item>
          <Descriptions.Item label="规格">{d.goods.sku}</Descriptions.Item>
          <Descriptions.Item label="售价">{yuan(d.goods.price)}</Descriptions.Item>
          <Descriptions.Item label="租期">
            {d.plan.term} {d.plan.termUnit}
          </Descriptions.Item>
          <Descriptions.Item label="每期租金">{yuan(d.plan.rentPerPeriod)}</Descriptions.Item>
          <Descriptions.Item label="押金">
            {yuan(d.plan.deposit)}（{d.plan.depositMethod}）
          </Descriptions.Item>
          <Descriptions.Item label="增值服务">
            {d.plan.services.map((s) => `${s.name} ${yuan(s.price)}`).join('，') || '—'}
          </Descriptions.Item>
          <Descriptions.Item label="合同">
            {d.contract ? `${d.contract.status}（${at(d.contract.signedAt)}）` : '—'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title="账单" size="small">
        <Table<Bill>
          rowKey="id"
          size="small"
          pagination={false}
          scroll={{ x: 800 }}
          dataSource={d.bills}
          columns={[
            { title: '期数', dataIndex: 'period' },
            { title: '类型', dataIndex: 'kind' },
            { title: '到期日', dataIndex: 'dueDate' },
            { title: '应付', dataIndex: 'due', render: yuan },
            { title: '已付', dataIndex: 'paid', render: yuan },
            { title: '已退', dataIndex: 'refunded', render: yuan },
            { title: '状态', dataIndex: 'status' },
            ...(can('bills.refund')
              ? [
                  {
                    title: '操作',
                    key: 'refund',
                    render: (_: unknown, bill: Bill) =>
                      bill.paid > bill.refunded ? (
                        <Button size="small" onClick={() => setRefunding(bill)}>
                          退款
                        </Button>
                      ) : null,
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <Card title="支付与退款" size="small">
        <Table
          rowKey="outTradeNo"
          size="small"
          pagination={false}
          scroll={{ x: 800 }}
          dataSource={d.payments}
          columns={[
            { title: '商户单号', dataIndex: 'outTradeNo' },
            {
              title: '渠道单号',
              dataIndex: 'providerTradeNo',
              render: (v: string | null) => v ?? '—',
            },
            { title: '渠道', dataIndex: 'channel' },
            { title: '金额', dataIndex: 'amount', render: yuan },
            { title: '状态', dataIndex: 'status' },
            { title: '时间', dataIndex: 'createdAt', render: at },
          ]}
        />
        {d.refunds.length > 0 && (
          <Table
            rowKey="outRefundNo"
            size="small"
            pagination={false}
            style={{ marginTop: 12 }}
            dataSource={d.refunds}
            columns={[
              { title: '退款单号', dataIndex: 'outRefundNo' },
              { title: '金额', dataIndex: 'amount', render: yuan },
              { title: '理由', dataIndex: 'reason' },
              { title: '状态', dataIndex: 'status' },
              { title: '时间', dataIndex: 'createdAt', render: at },
            ]}
          />
        )}
      </Card>
      <Card title="押金冻结" size="small">
        <Table
          rowKey="outRequestNo"
          size="small"
          pagination={false}
          dataSource={d.depositFreezes}
          columns={[
            { title: '请求号', dataIndex: 'outRequestNo' },
            { title: '授权号', dataIndex: 'authNo', render: (v: string | null) => v ?? '—' },
            { title: '冻结', dataIndex: 'amount', render: yuan },
            { title: '转支付', dataIndex: 'paid', render: yuan },
            { title: '已解冻', dataIndex: 'unfrozen', render: yuan },
            { title: '状态', dataIndex: 'status' },
          ]}
        />
      </Card>
      <Card title="物流" size="small">
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label="收货地址">{d.logistics.address}</Descriptions.Item>
          <Descriptions.Item label="快递">{d.logistics.courier ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="运单号">{d.logistics.waybill ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="序列号">{d.logistics.deviceSerial ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="发货时间">{at(d.logistics.shippedAt)}</Descriptions.Item>
          <Descriptions.Item label="签收时间">{at(d.logistics.deliveredAt)}</Descriptions.Item>
          <Descriptions.Item label="归还运单">{d.logistics.returnWaybill ?? '—'}</Descriptions.Item>
        </Descriptions>
        {d.inspections.map((inspection, index) => (
          <Alert
            key={index}
            style={{ marginTop: 8 }}
            type={inspection.damage > 0 ? 'warning' : 'info'}
            message={`质检（${inspection.by}，${at(inspection.at)}）：损坏 ${yuan(inspection.damage)}`}
            description={inspection.checklist.map((c) => `${c.item}${c.ok ? '✓' : '✗'}`).join('  ')}
          />
        ))}
      </Card>
      <Card title="时间线" size="small">
        <Timeline
          items={d.events.map((event) => ({
            children: (
              <span>
                {at(event.at)} · {event.action}（{event.from} → {event.to}）· {event.actor}
                {event.note ? ` · ${event.note}` : ''}
              </span>
            ),
          }))}
        />
      </Card>
      {action && <ActionDialog orderId={id} action={action} onClose={() => setAction(null)} />}
      {refunding && (
        <RefundDialog orderId={id} bill={refunding} onClose={() => setRefunding(null)} />
      )}
    </Space>
  );
}
