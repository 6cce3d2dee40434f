/**
 * A brand's coupons (issue 37): the list, a new template (amount off, percentage off, first month
 * free; window, stock, per-user limit, goods) and issuing one to a user by mobile or user id. The
 * server names the wrong field; the storefront's coupon centre shows a new one at once.
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Table,
  Tag,
} from 'antd';
import type { Dayjs } from 'dayjs';
import type { AdminCoupon, CouponInput, CouponKind } from '../../../contract/admin/coupons.ts';
import { api } from '../api.ts';
import { ErrorAlert } from '../error-alert.tsx';
import { BrandPageHeader, useChosenBrand } from '../brand-picker.tsx';
import { useText } from '../i18n.tsx';

interface CouponValues {
  title: string;
  description?: string;
  kind: CouponKind;
  amountYuan?: number;
  percentOff?: number;
  minAmountYuan?: number;
  validDays: number;
  window?: [Dayjs | null, Dayjs | null];
  stock?: number;
  perUserLimit?: number;
  goodsIds?: string;
}

const toFen = (yuan: number | undefined) =>
  yuan === undefined ? undefined : Math.round(yuan * 100);

function CreateDialog({ platform, onClose }: { platform: number; onClose: () => void }) {
  const t = useText();
  const [form] = Form.useForm<CouponValues>();
  const client = useQueryClient();
  const kind = Form.useWatch('kind', form);
  const create = useMutation({
    mutationFn: (values: CouponValues) => {
      const goodsIds = (values.goodsIds ?? '')
        .split(/[,，\s]+/)
        .filter(Boolean)
        .map(Number);
      const body: CouponInput = {
        platform,
        title: values.title.trim(),
        description: values.description?.trim() ?? '',
        kind: values.kind,
        ...(values.kind === 'amount' ? { amount: toFen(values.amountYuan) } : {}),
        ...(values.kind === 'percent' ? { percentOff: values.percentOff } : {}),
        minAmount: toFen(values.minAmountYuan) ?? 0,
        validDays: values.validDays,
        startsAt: values.window?.[0]?.toISOString() ?? null,
        endsAt: values.window?.[1]?.toISOString() ?? null,
        stock: values.stock ?? null,
        perUserLimit: values.perUserLimit ?? 1,
        goodsIds: goodsIds.length > 0 ? goodsIds : null,
      };
      return api.post<AdminCoupon>('/coupons', body);
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['coupons', platform] });
      onClose();
    },
  });
  return (
    <Modal
      open
      title={t('新建优惠券', 'New coupon')}
      okText={t('创建', 'Create')}
      cancelText={t('取消', 'Cancel')}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <ErrorAlert error={create.error} />
      <Form
        form={form}
        layout="vertical"
        initialValues={{ kind: 'amount', validDays: 30, perUserLimit: 1 }}
        onFinish={(values) => create.mutate(values)}
      >
        <Form.Item label={t('名称', 'Title')} name="title" rules={[{ required: true, max: 30 }]}>
          <Input />
        </Form.Item>
        <Form.Item label={t('说明', 'Description')} name="description" rules={[{ max: 100 }]}>
          <Input />
        </Form.Item>
        <Form.Item label={t('类型', 'Kind')} name="kind">
          <Select
            options={[
              { value: 'amount', label: t('满减（立减金额）', 'Amount off') },
              { value: 'percent', label: t('折扣（百分比）', 'Percentage off') },
              { value: 'first_month_free', label: t('首月免租', 'First month free') },
            ]}
          />
        </Form.Item>
        {kind === 'amount' && (
          <Form.Item
            label={t('减免金额（元）', 'Amount off (yuan)')}
            name="amountYuan"
            rules={[{ required: true }]}
          >
            <InputNumber precision={2} style={{ width: '100%' }} />
          </Form.Item>
        )}
        {kind === 'percent' && (
          <Form.Item
            label={t('优惠比例（%）', 'Percent off')}
            name="percentOff"
            rules={[{ required: true }]}
          >
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
        )}
        <Form.Item
          label={t('使用门槛（元，首期满）', 'Minimum first payment (yuan)')}
          name="minAmountYuan"
        >
          <InputNumber precision={2} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          label={t('领取后有效天数', 'Days valid after claiming')}
          name="validDays"
          rules={[{ required: true }]}
        >
          <InputNumber min={1} max={3650} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label={t('发放时间', 'Offered from / until')} name="window">
          <DatePicker.RangePicker showTime allowEmpty={[true, true]} style={{ width: '100%' }} />
        </Form.Item>
        <Space>
          <Form.Item label={t('发放总量（空为不限）', 'Quota (empty: no limit)')} name="stock">
            <InputNumber min={0} precision={0} />
          </Form.Item>
          <Form.Item label={t('每人限领', 'Per user')} name="perUserLimit">
            <InputNumber min={1} max={100} precision={0} />
          </Form.Item>
        </Space>
        <Form.Item
          label={t('适用商品 ID（空为全部）', 'Goods ids it applies to (empty: all)')}
          name="goodsIds"
        >
          <Input placeholder="1, 2, 3" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function IssueDialog({ coupon, onClose }: { coupon: AdminCoupon; onClose: () => void }) {
  const t = useText();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<{ who: string }>();
  const issue = useMutation({
    mutationFn: ({ who }: { who: string }) => {
      const value = who.trim();
      return api.post(
        `/coupons/${coupon.id}/issue`,
        /^1[3-9][0-9]{9}$/.test(value) ? { mobile: value } : { userId: Number(value) },
      );
    },
    onSuccess: () => {
      void message.success(t('已发放', 'Issued'));
      void client.invalidateQueries({ queryKey: ['coupons'] });
      onClose();
    },
  });
  return (
    <Modal
      open
      title={t(`发放「${coupon.title}」`, `Issue “${coupon.title}”`)}
      okText={t('发放', 'Issue')}
      cancelText={t('取消', 'Cancel')}
      confirmLoading={issue.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <ErrorAlert error={issue.error} />
      <Form form={form} layout="vertical" onFinish={(values) => issue.mutate(values)}>
        <Form.Item
          label={t('手机号或用户 ID', 'Mobile or user id')}
          name="who"
          rules={[{ required: true, pattern: /^(1[3-9][0-9]{9}|[1-9][0-9]{0,9})$/ }]}
        >
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function CouponsPage() {
  const t = useText();
  const [platform, setPlatform] = useChosenBrand();
  const [creating, setCreating] = useState(false);
  const [issuing, setIssuing] = useState<AdminCoupon | null>(null);
  const coupons = useQuery({
    queryKey: ['coupons', platform],
    queryFn: () =>
      api.get<{ list: AdminCoupon[]; total: number }>('/coupons', { platform, pageSize: 100 }),
    enabled: platform !== undefined,
  });
  const benefit = (coupon: AdminCoupon) =>
    coupon.kind === 'amount'
      ? t(`减 ¥${(coupon.amount / 100).toFixed(2)}`, `¥${(coupon.amount / 100).toFixed(2)} off`)
      : coupon.kind === 'percent'
        ? t(`减 ${coupon.percentOff ?? 0}%`, `${coupon.percentOff ?? 0}% off`)
        : t('首月免租', 'First month free');
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <BrandPageHeader title={t('优惠券', 'Coupons')} platform={platform} onChange={setPlatform}>
        <Button type="primary" disabled={platform === undefined} onClick={() => setCreating(true)}>
          {t('新建优惠券', 'New coupon')}
        </Button>
      </BrandPageHeader>
      {coupons.error && <Alert type="error" showIcon message={coupons.error.message} />}
      <Table<AdminCoupon>
        rowKey="id"
        size="small"
        loading={coupons.isPending && platform !== undefined}
        dataSource={coupons.data?.list ?? []}
        pagination={false}
        columns={[
          { title: t('名称', 'Title'), dataIndex: 'title' },
          { title: t('优惠', 'Benefit'), render: (_, row) => benefit(row) },
          {
            title: t('门槛', 'Minimum'),
            dataIndex: 'minAmount',
            render: (fen: number) => (fen > 0 ? `¥${(fen / 100).toFixed(2)}` : '—'),
          },
          {
            title: t('发放时间', 'Offered'),
            render: (_, row) =>
              `${row.startsAt?.slice(0, 10) ?? '…'} ~ ${row.endsAt?.slice(0, 10) ?? '…'}`,
          },
          {
            title: t('已发 / 总量', 'Issued / quota'),
            render: (_, row) => `${row.claimed} / ${row.stock ?? '∞'}`,
          },
          { title: t('每人限领', 'Per user'), dataIndex: 'perUserLimit' },
          {
            title: t('状态', 'State'),
            dataIndex: 'active',
            render: (active: boolean) =>
              active ? (
                <Tag color="green">{t('发放中', 'Active')}</Tag>
              ) : (
                <Tag>{t('已停用', 'Inactive')}</Tag>
              ),
          },
          {
            title: t('操作', 'Actions'),
            render: (_, row) => (
              <Button size="small" onClick={() => setIssuing(row)} disabled={row.platform === null}>
                {t('发放给用户', 'Issue to a user')}
              </Button>
            ),
          },
        ]}
      />
      {creating && platform !== undefined && (
        <CreateDialog platform={platform} onClose={() => setCreating(false)} />
      )}
      {issuing && <IssueDialog coupon={issuing} onClose={() => setIssuing(null)} />}
    </Space>
  );
}
