/**
 * The goods editor: the goods' fields, its SKUs and rental plans as editable lists, the brands
 * that sell it, and (below) each of the account's brands' own rents per plan. The server's rules
 * name the field of a problem (`skus[1].code：…`): the form shows it at that field. An account of
 * some brands, on a goods other brands sell too, may change only its own brands' rents.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Spin,
  Table,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { GoodsInput, GoodsView } from '../../../contract/admin/catalog.ts';
import { GOODS_CONDITIONS } from '../../../contract/admin/catalog.ts';
import { api } from '../api.ts';
import { useText } from '../i18n.tsx';
import { useBrands } from '../brand-picker.tsx';
import type { GoodsList } from '../types.ts';

type Plan = GoodsView['plans'][number];

/** The form holds yuan; the API fen. */
interface FormValues extends Omit<GoodsInput, 'marketPrice' | 'skus' | 'plans'> {
  marketPrice: number;
  skus: (Omit<GoodsInput['skus'][number], 'price'> & { price: number })[];
  plans: (Omit<GoodsInput['plans'][number], 'rentPerPeriod' | 'deposit'> & {
    rentPerPeriod: number;
    deposit: number;
  })[];
}

const toFen = (value: number | null | undefined) => Math.round((value ?? 0) * 100);
const toYuan = (fen: number) => fen / 100;

function formOf(view: GoodsView): FormValues {
  return {
    name: view.name,
    subtitle: view.subtitle,
    brandName: view.brandName,
    categoryId: view.categoryId,
    cover: view.cover,
    images: view.images,
    detailImages: view.detailImages,
    description: view.description,
    tags: view.tags,
    marketPrice: toYuan(view.marketPrice),
    isHot: view.isHot,
    isEnjoy: view.isEnjoy,
    skus: view.skus.map((sku) => ({
      code: sku.code,
      color: sku.color,
      capacity: sku.capacity,
      condition: sku.condition,
      price: toYuan(sku.price),
      image: sku.image,
    })),
    plans: view.plans.map((plan) => ({
      skuCode: plan.skuCode,
      termUnit: plan.termUnit,
      term: plan.term,
      rentPerPeriod: toYuan(plan.rentPerPeriod),
      deposit: toYuan(plan.deposit),
      buyoutPrices: plan.buyoutPrices,
    })),
    serviceIds: view.serviceIds,
    brands: view.brands,
  };
}

function inputOf(values: FormValues, brandPrices: GoodsView['brandPrices']): GoodsInput {
  return {
    ...values,
    marketPrice: toFen(values.marketPrice),
    skus: (values.skus ?? []).map((sku) => ({
      ...sku,
      capacity: sku.capacity ?? '',
      price: toFen(sku.price),
    })),
    plans: (values.plans ?? []).map(({ buyoutPrices, ...plan }) => ({
      ...plan,
      rentPerPeriod: toFen(plan.rentPerPeriod),
      deposit: toFen(plan.deposit),
      // A changed term needs new buy-out prices: the rule makes them.
      ...(buyoutPrices && buyoutPrices.length === plan.term + 1 ? { buyoutPrices } : {}),
    })),
    images: values.images ?? [],
    tags: values.tags ?? [],
    serviceIds: values.serviceIds ?? [],
    brands: values.brands ?? [],
    description: values.description ?? '',
    brandPrices,
  };
}

/** `skus[1].code：SKU 编码重复；name：…` → form field errors. */
function fieldErrors(message: string) {
  return message
    .split('；')
    .map((part) => {
      const [field, text] = part.split('：');
      if (!field || !text) return null;
      const name = field
        .replace(/\]/g, '')
        .split(/[.[]/)
        .map((key) => (/^\d+$/.test(key) ? Number(key) : key));
      return { name, errors: [text] };
    })
    .filter((entry): entry is { name: (string | number)[]; errors: string[] } => entry !== null);
}

export default function GoodsEditorPage() {
  const t = useText();
  const { id } = useParams();
  const creating = id === 'new';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [failure, setFailure] = useState<string | null>(null);
  const lookups = useQuery({
    queryKey: ['goods-lookups'],
    queryFn: () => api.get<GoodsList>('/goods', { pageSize: 1 }),
  });
  const goods = useQuery({
    queryKey: ['goods-one', id],
    queryFn: () => api.get<GoodsView>(`/goods/${id}`),
    enabled: !creating,
  });
  useEffect(() => {
    if (goods.data) form.setFieldsValue(formOf(goods.data));
  }, [goods.data, form]);

  const save = useMutation({
    mutationFn: (values: FormValues) => {
      const input = inputOf(values, goods.data?.brandPrices ?? []);
      return creating
        ? api.post<GoodsView>('/goods', input)
        : api.put<GoodsView>(`/goods/${id}`, input);
    },
    onSuccess: (view) => {
      setFailure(null);
      void message.success(t('已保存', 'Saved'));
      void queryClient.invalidateQueries({ queryKey: ['goods'] });
      queryClient.setQueryData(['goods-one', String(view.id)], view);
      if (creating) navigate(`/goods/${view.id}`, { replace: true });
    },
    onError: (error) => {
      setFailure(error.message);
      // The server names fields by path; antd types a path per form, which a parsed one is not.
      form.setFields(fieldErrors(error.message) as Parameters<typeof form.setFields>[0]);
    },
  });

  if (!creating && goods.isLoading) return <Spin />;
  if (goods.error) return <Alert type="error" showIcon message={goods.error.message} />;
  const editable = creating || goods.data?.editable === true;

  return (
    <section aria-label={t('商品编辑', 'Goods editor')}>
      <Space style={{ marginBottom: 16 }}>
        <Link to="/goods">{t('← 商品列表', '← Goods')}</Link>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {creating ? t('新建商品', 'New goods') : goods.data?.name}
        </Typography.Title>
      </Space>
      {!editable && (
        <Alert
          style={{ marginBottom: 16 }}
          type="info"
          showIcon
          message={t(
            '该商品还由其他品牌销售：本账号只能修改本品牌的租金（见下方）。',
            "Other brands sell this goods too: this account may change only its own brands' rents (below).",
          )}
        />
      )}
      {failure && <Alert style={{ marginBottom: 16 }} type="error" showIcon message={failure} />}
      <Form<FormValues>
        form={form}
        layout="vertical"
        disabled={!editable}
        onFinish={(values) => save.mutate(values)}
        initialValues={{
          skus: [{ condition: '全新' }],
          plans: [{ termUnit: 'month', term: 12 }],
          images: [],
          tags: [],
          serviceIds: [],
          brands: [],
          description: '',
        }}
      >
        <Card title={t('基本信息', 'Basics')} style={{ marginBottom: 16 }}>
          <Space wrap align="start">
            <Form.Item name="name" label={t('商品名称', 'Name')} rules={[{ required: true }]}>
              <Input style={{ width: 280 }} />
            </Form.Item>
            <Form.Item name="subtitle" label={t('副标题', 'Subtitle')}>
              <Input style={{ width: 280 }} />
            </Form.Item>
            <Form.Item name="brandName" label={t('厂商品牌', 'Maker')} rules={[{ required: true }]}>
              <Input style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="categoryId" label={t('分类', 'Category')} rules={[{ required: true }]}>
              <Select
                style={{ width: 160 }}
                options={lookups.data?.categories.map((c) => ({ value: c.id, label: c.name }))}
              />
            </Form.Item>
            <Form.Item
              name="marketPrice"
              label={t('市场价（元）', 'Market price (yuan)')}
              rules={[{ required: true }]}
            >
              <InputNumber min={0} precision={2} style={{ width: 160 }} />
            </Form.Item>
          </Space>
          <Form.Item name="cover" label={t('封面图片', 'Cover image')} rules={[{ required: true }]}>
            <Input placeholder="/assets/... or https://..." />
          </Form.Item>
          <Form.Item
            name="images"
            label={t('轮播图片（回车添加）', 'Gallery images (Enter to add)')}
          >
            <Select mode="tags" tokenSeparators={[' ']} open={false} />
          </Form.Item>
          <Form.Item name="tags" label={t('标签', 'Tags')}>
            <Select mode="tags" open={false} />
          </Form.Item>
          <Form.Item
            name="description"
            label={t(
              '商品详情（富文本 HTML，保存时清理）',
              'Description (rich text HTML, cleaned on save)',
            )}
          >
            <Input.TextArea rows={4} />
          </Form.Item>
          <Space wrap>
            <Form.Item name="serviceIds" label={t('增值服务', 'Value-added services')}>
              <Select
                mode="multiple"
                style={{ minWidth: 280 }}
                options={lookups.data?.services.map((s) => ({ value: s.id, label: s.name }))}
              />
            </Form.Item>
            <Form.Item
              name="brands"
              label={t('销售品牌（不选为全部品牌）', 'Sold by (none: every brand)')}
            >
              <BrandSelect />
            </Form.Item>
            <Form.Item name="isHot" valuePropName="checked" label=" ">
              <Checkbox>{t('热租', 'Hot')}</Checkbox>
            </Form.Item>
            <Form.Item name="isEnjoy" valuePropName="checked" label=" ">
              <Checkbox>{t('臻享', 'Premium')}</Checkbox>
            </Form.Item>
          </Space>
        </Card>
        <SkuList stock={goods.data?.skus} />
        <PlanList />
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('保存商品', 'Save goods')}
        </Button>
      </Form>
      {goods.data && <BrandPrices goods={goods.data} />}
    </section>
  );
}

function BrandSelect(props: { value?: number[]; onChange?: (value: number[]) => void }) {
  const t = useText();
  const brands = useBrands();
  return (
    <Select
      mode="multiple"
      style={{ minWidth: 220 }}
      {...props}
      options={brands.map((b) => ({ value: b, label: t(`品牌 ${b}`, `Brand ${b}`) }))}
    />
  );
}

function SkuList({ stock }: { stock?: GoodsView['skus'] }) {
  const t = useText();
  return (
    <Card
      title={t('SKU（颜色、容量、成色）', 'SKUs (colour, storage, condition)')}
      style={{ marginBottom: 16 }}
    >
      <Form.List name="skus">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field) => {
              const code = stock?.[field.name]?.id;
              return (
                <Space key={field.key} wrap align="start">
                  <Form.Item
                    name={[field.name, 'code']}
                    label={t('SKU 编码', 'SKU code')}
                    rules={[{ required: true }]}
                  >
                    <Input style={{ width: 150 }} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'color']}
                    label={t('颜色', 'Colour')}
                    rules={[{ required: true }]}
                  >
                    <Input style={{ width: 110 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'capacity']} label={t('容量', 'Storage')}>
                    <Input style={{ width: 100 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'condition']} label={t('成色', 'Condition')}>
                    <Select
                      style={{ width: 90 }}
                      options={GOODS_CONDITIONS.map((c) => ({ value: c, label: c }))}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'price']}
                    label={t('价值（元）', 'Value (yuan)')}
                    rules={[{ required: true }]}
                  >
                    <InputNumber precision={2} style={{ width: 120 }} />
                  </Form.Item>
                  <Form.Item label=" ">
                    <Space>
                      {code !== undefined && (
                        <Link to={`/stock/${code}`}>{t('库存', 'Stock')}</Link>
                      )}
                      <Button onClick={() => remove(field.name)}>{t('删除', 'Remove')}</Button>
                    </Space>
                  </Form.Item>
                </Space>
              );
            })}
            <Button onClick={() => add({ condition: '全新' })}>{t('添加 SKU', 'Add SKU')}</Button>
          </>
        )}
      </Form.List>
    </Card>
  );
}

function PlanList() {
  const t = useText();
  const form = Form.useFormInstance<FormValues>();
  const skus = Form.useWatch('skus', form) ?? [];
  return (
    <Card title={t('租赁方案', 'Rental plans')} style={{ marginBottom: 16 }}>
      <Form.List name="plans">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field) => (
              <Space key={field.key} wrap align="start">
                <Form.Item name={[field.name, 'skuCode']} label="SKU" rules={[{ required: true }]}>
                  <Select
                    style={{ width: 150 }}
                    options={skus
                      .filter((s) => s?.code)
                      .map((s) => ({ value: s.code, label: s.code }))}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'termUnit']} label={t('单位', 'Unit')}>
                  <Select
                    style={{ width: 80 }}
                    options={[
                      { value: 'month', label: t('月', 'month') },
                      { value: 'day', label: t('天', 'day') },
                    ]}
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'term']}
                  label={t('租期', 'Term')}
                  rules={[{ required: true }]}
                >
                  <InputNumber style={{ width: 80 }} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'rentPerPeriod']}
                  label={t('每期租金（元）', 'Rent per period (yuan)')}
                  rules={[{ required: true }]}
                >
                  <InputNumber precision={2} style={{ width: 130 }} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'deposit']}
                  label={t('押金（元）', 'Deposit (yuan)')}
                  rules={[{ required: true }]}
                >
                  <InputNumber precision={2} style={{ width: 120 }} />
                </Form.Item>
                <Form.Item label=" ">
                  <Button onClick={() => remove(field.name)}>{t('删除', 'Remove')}</Button>
                </Form.Item>
              </Space>
            ))}
            <Typography.Paragraph type="secondary">
              {t(
                '买断价按规则计算：SKU 价值减去已付租金，最低为 0。',
                'Buy-out prices follow the rule: the SKU value less the rent paid, down to 0.',
              )}
            </Typography.Paragraph>
            <Button onClick={() => add({ termUnit: 'month', term: 12 })}>
              {t('添加方案', 'Add plan')}
            </Button>
          </>
        )}
      </Form.List>
    </Card>
  );
}

/** Each of the account's brands' own rent per plan (empty: the plan's own rent). */
function BrandPrices({ goods }: { goods: GoodsView }) {
  const t = useText();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const mine = useBrands();
  const brands = goods.brands.length === 0 ? mine : mine.filter((b) => goods.brands.includes(b));
  const key = (platform: number, plan: Plan) =>
    `${platform}/${plan.skuCode}/${plan.termUnit}/${plan.term}`;
  const [rents, setRents] = useState<Record<string, number | null>>({});
  useEffect(() => {
    const next: Record<string, number | null> = {};
    for (const price of goods.brandPrices)
      next[`${price.platform}/${price.skuCode}/${price.termUnit}/${price.term}`] = toYuan(
        price.rentPerPeriod,
      );
    setRents(next);
  }, [goods.brandPrices]);
  const save = useMutation({
    mutationFn: () =>
      api.put<GoodsView>(`/goods/${goods.id}/brand-prices`, {
        platforms: brands,
        prices: brands.flatMap((platform) =>
          goods.plans
            .filter((plan) => rents[key(platform, plan)] != null)
            .map((plan) => ({
              platform,
              skuCode: plan.skuCode,
              termUnit: plan.termUnit,
              term: plan.term,
              rentPerPeriod: toFen(rents[key(platform, plan)]),
            })),
        ),
      }),
    onSuccess: (view) => {
      void message.success(t('品牌租金已保存', "Brands' rents saved"));
      queryClient.setQueryData(['goods-one', String(view.id)], view);
    },
    onError: (error) => void message.error(error.message),
  });
  if (brands.length === 0) return null;
  return (
    <Card
      title={t('品牌租金（覆盖方案租金）', "Brands' own rents (over the plan's)")}
      style={{ marginTop: 16 }}
    >
      <Table<Plan>
        rowKey="id"
        pagination={false}
        dataSource={goods.plans}
        columns={[
          { title: 'SKU', dataIndex: 'skuCode' },
          {
            title: t('租期', 'Term'),
            render: (_, plan) =>
              `${plan.term} ${plan.termUnit === 'month' ? t('个月', 'months') : t('天', 'days')}`,
          },
          {
            title: t('方案租金（元）', 'Plan rent (yuan)'),
            render: (_, plan) => toYuan(plan.rentPerPeriod).toFixed(2),
          },
          ...brands.map((platform) => ({
            title: t(`品牌 ${platform} 租金（元）`, `Brand ${platform} rent (yuan)`),
            render: (_: unknown, plan: Plan) => (
              <InputNumber
                aria-label={t(
                  `品牌 ${platform} ${plan.skuCode} ${plan.term}${plan.termUnit === 'month' ? '个月' : '天'} 租金`,
                  `Brand ${platform} ${plan.skuCode} ${plan.term} ${plan.termUnit} rent`,
                )}
                min={0}
                precision={2}
                placeholder={toYuan(plan.rentPerPeriod).toFixed(2)}
                value={rents[key(platform, plan)] ?? null}
                onChange={(value) => setRents((old) => ({ ...old, [key(platform, plan)]: value }))}
              />
            ),
          })),
        ]}
      />
      <Button
        type="primary"
        style={{ marginTop: 16 }}
        loading={save.isPending}
        onClick={() => save.mutate()}
      >
        {t('保存品牌租金', "Save brands' rents")}
      </Button>
    </Card>
  );
}
