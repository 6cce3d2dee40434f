/**
 * Each brand's risk rules, for the owner: they flag an order on its review (age limits, related
 * orders, ID regions, credit score) and never decide it. A change asks for its reason and is
 * audited with what the rules were and became.
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Table,
  Typography,
} from 'antd';
import type { BrandRiskRules, RiskRules } from '../../../contract/admin/risk.ts';
import { api } from '../api.ts';
import { useText } from '../i18n.tsx';
import { brandName } from '../types.ts';

interface RulesForm {
  minAge: number | null;
  maxAge: number | null;
  maxRelatedOrders: number | null;
  minCreditScore: number | null;
  idRegions: string[];
  reason: string;
}

const EMPTY: RiskRules = {
  minAge: null,
  maxAge: null,
  maxRelatedOrders: null,
  minCreditScore: null,
  idRegions: [],
};

function RulesDialog({ brand, onClose }: { brand: BrandRiskRules; onClose: () => void }) {
  const t = useText();
  const [form] = Form.useForm<RulesForm>();
  const client = useQueryClient();
  const { message } = App.useApp();
  const save = useMutation({
    mutationFn: ({ reason, ...rules }: RulesForm) =>
      api.post<BrandRiskRules>(`/risk-rules/${brand.platform}`, {
        rules: {
          minAge: rules.minAge ?? null,
          maxAge: rules.maxAge ?? null,
          maxRelatedOrders: rules.maxRelatedOrders ?? null,
          minCreditScore: rules.minCreditScore ?? null,
          idRegions: rules.idRegions ?? [],
        },
        reason: reason.trim(),
      }),
    onSuccess: () => {
      void message.success(t('风控规则已保存', 'Risk rules saved'));
      void client.invalidateQueries({ queryKey: ['risk-rules'] });
      onClose();
    },
  });
  const number = (name: keyof RiskRules, label: string, min: number, max: number) => (
    <Form.Item label={label} name={name}>
      <InputNumber min={min} max={max} precision={0} style={{ width: 200 }} />
    </Form.Item>
  );
  return (
    <Modal
      open
      title={`${t('风控规则', 'Risk rules')}：${brandName(brand.platform, t)}`}
      okText={t('保存', 'Save')}
      cancelText={t('取消', 'Cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnClose
    >
      {save.error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={save.error.message}
          style={{ marginBottom: 16 }}
        />
      )}
      <Typography.Paragraph type="secondary">
        {t(
          '留空的规则不提示。命中的规则只在审核时提示，由审核人决定。',
          'A rule left empty flags nothing. Flags only inform the reviewer, who decides.',
        )}
      </Typography.Paragraph>
      <Form<RulesForm>
        form={form}
        layout="vertical"
        initialValues={{ ...(brand.rules ?? EMPTY), reason: '' }}
        onFinish={(values) => save.mutate(values)}
      >
        {number('minAge', t('年龄低于（岁）时提示', 'Flag age below (years)'), 16, 100)}
        {number('maxAge', t('年龄高于（岁）时提示', 'Flag age above (years)'), 16, 120)}
        {number(
          'maxRelatedOrders',
          t('关联订单达到（笔）时提示', 'Flag related orders at or above'),
          1,
          100,
        )}
        {number('minCreditScore', t('信用分低于时提示', 'Flag credit score below'), 350, 950)}
        <Form.Item
          label={t(
            '身份证归属地（省 2 位或市 4 位行政区划代码）',
            'ID regions (2-digit province or 4-digit city codes)',
          )}
          name="idRegions"
          rules={[
            {
              validator: (_, value: string[] | undefined) =>
                (value ?? []).every((code) => /^[1-9][0-9]([0-9]{2})?$/.test(code))
                  ? Promise.resolve()
                  : Promise.reject(
                      new Error(t('代码应为 2 或 4 位数字', 'Codes have 2 or 4 digits')),
                    ),
            },
          ]}
        >
          <Select mode="tags" tokenSeparators={[',', ' ', '，']} open={false} />
        </Form.Item>
        <Form.Item
          label={t('修改理由', 'Reason for the change')}
          name="reason"
          rules={[{ required: true, min: 2, max: 200, message: t('请填写理由', 'Give a reason') }]}
        >
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function RiskRulesPage() {
  const t = useText();
  const [editing, setEditing] = useState<BrandRiskRules | null>(null);
  const rules = useQuery({
    queryKey: ['risk-rules'],
    queryFn: () => api.get<{ list: BrandRiskRules[] }>('/risk-rules'),
  });
  const show = (value: number | null, unit = '') => (value === null ? '—' : `${value}${unit}`);
  return (
    <section aria-label={t('风控规则', 'Risk rules')}>
      <Typography.Title level={4}>{t('风控规则', 'Risk rules')}</Typography.Title>
      {rules.error ? (
        <Alert
          type="error"
          showIcon
          message={`${t('规则加载失败', 'Rules failed to load')}：${rules.error.message}`}
          action={<Button onClick={() => void rules.refetch()}>{t('重试', 'Retry')}</Button>}
        />
      ) : (
        <Table<BrandRiskRules>
          rowKey="platform"
          size="small"
          loading={rules.isPending}
          pagination={false}
          scroll={{ x: 800 }}
          dataSource={rules.data?.list}
          locale={{ emptyText: <Empty description={t('没有可管理的品牌', 'No brands')} /> }}
          columns={[
            {
              title: t('品牌', 'Brand'),
              dataIndex: 'platform',
              render: (platform: number) => brandName(platform, t),
            },
            {
              title: t('年龄', 'Age'),
              key: 'age',
              render: (_, b) =>
                b.rules ? `${show(b.rules.minAge)} – ${show(b.rules.maxAge)}` : '—',
            },
            {
              title: t('关联订单', 'Related orders'),
              key: 'related',
              render: (_, b) => (b.rules ? show(b.rules.maxRelatedOrders) : '—'),
            },
            {
              title: t('最低信用分', 'Min credit score'),
              key: 'credit',
              render: (_, b) => (b.rules ? show(b.rules.minCreditScore) : '—'),
            },
            {
              title: t('身份证归属地', 'ID regions'),
              key: 'regions',
              render: (_, b) => b.rules?.idRegions.join('，') || '—',
            },
            {
              title: t('更新', 'Updated'),
              key: 'updated',
              render: (_, b) =>
                b.updatedAt
                  ? `${b.updatedBy ?? ''} ${new Date(b.updatedAt).toLocaleString('zh-CN')}`
                  : t('未设置', 'Not set'),
            },
            {
              title: t('操作', 'Actions'),
              key: 'edit',
              render: (_, b) => (
                <Button size="small" onClick={() => setEditing(b)}>
                  {t('编辑', 'Edit')}
                </Button>
              ),
            },
          ]}
        />
      )}
      {editing && <RulesDialog brand={editing} onClose={() => setEditing(null)} />}
    </section>
  );
}
