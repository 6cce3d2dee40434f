/**
 * A brand's discovery lists (issue 37, leftovers): its common problems (FAQ) on the service tab,
 * its hot goods and 优享好物 lists, and its categories, each in order. Until a brand saves its own, it shows (and this
 * page starts from) the lists every brand shares; saving an empty list returns to them. The
 * server checks every goods and question type; a change shows on the storefront at once.
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type {
  AdminCategories,
  AdminFaq,
  AdminGoodsList,
  FaqItemInput,
  GoodsListName,
} from '../../../contract/admin/discovery.ts';
import { api } from '../api.ts';
import { BrandPageHeader, useChosenBrand } from '../brand-picker.tsx';
import { useText } from '../i18n.tsx';

function OwnTag({ own }: { own: boolean }) {
  const t = useText();
  return own ? (
    <Tag color="blue">{t('本品牌自有', "This brand's own")}</Tag>
  ) : (
    <Tag>{t('共享（各品牌通用）', 'Shared by every brand')}</Tag>
  );
}

function Faq({ platform }: { platform: number }) {
  const t = useText();
  const { message } = App.useApp();
  const client = useQueryClient();
  const faq = useQuery({
    queryKey: ['faq', platform],
    queryFn: () => api.get<AdminFaq>('/discovery/faq', { platform }),
  });
  const [draft, setDraft] = useState<FaqItemInput[] | null>(null);
  const items = draft ?? faq.data?.items ?? [];
  const save = useMutation({
    mutationFn: (next: FaqItemInput[]) =>
      api.put<AdminFaq>('/discovery/faq', { platform, items: next }),
    onSuccess: () => {
      setDraft(null);
      void message.success(t('常见问题已保存', 'Common problems saved'));
      void client.invalidateQueries({ queryKey: ['faq', platform] });
    },
  });
  const change = (index: number, patch: Partial<FaqItemInput>) =>
    setDraft(items.map((item, at) => (at === index ? { ...item, ...patch } : item)));
  const move = (index: number, by: number) => {
    const next = [...items];
    const [item] = next.splice(index, 1);
    if (item) next.splice(index + by, 0, item);
    setDraft(next);
  };
  const types = (faq.data?.types ?? []).map((type) => ({ value: type.id, label: type.name }));
  return (
    <Card
      title={
        <Space>
          {t('常见问题', 'Common problems')}
          {faq.data && <OwnTag own={faq.data.own} />}
        </Space>
      }
    >
      {save.error && <Alert type="error" showIcon role="alert" message={save.error.message} />}
      <Table
        rowKey={(_, index) => String(index)}
        size="small"
        pagination={false}
        loading={faq.isLoading}
        dataSource={items}
        columns={[
          {
            title: t('分类', 'Type'),
            width: 140,
            render: (_, item, index) => (
              <Select
                aria-label={t('分类', 'Type')}
                style={{ width: '100%' }}
                options={types}
                value={item.typeId}
                onChange={(typeId: number) => change(index, { typeId })}
              />
            ),
          },
          {
            title: t('问题', 'Question'),
            render: (_, item, index) => (
              <Input
                aria-label={t('问题', 'Question')}
                maxLength={100}
                value={item.question}
                onChange={(event) => change(index, { question: event.target.value })}
              />
            ),
          },
          {
            title: t('回答', 'Answer'),
            render: (_, item, index) => (
              <Input.TextArea
                aria-label={t('回答', 'Answer')}
                maxLength={2000}
                autoSize
                value={item.answer}
                onChange={(event) => change(index, { answer: event.target.value })}
              />
            ),
          },
          {
            title: '',
            width: 150,
            render: (_, _item, index) => (
              <Space size={0}>
                <Button type="link" disabled={index === 0} onClick={() => move(index, -1)}>
                  {t('上移', 'Up')}
                </Button>
                <Button
                  type="link"
                  disabled={index === items.length - 1}
                  onClick={() => move(index, 1)}
                >
                  {t('下移', 'Down')}
                </Button>
                <Button
                  type="link"
                  danger
                  onClick={() => setDraft(items.filter((_, at) => at !== index))}
                >
                  {t('删除', 'Delete')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Space style={{ marginTop: 8 }}>
        <Button
          onClick={() =>
            setDraft([...items, { typeId: types[0]?.value ?? 1, question: '', answer: '' }])
          }
        >
          {t('添加问题', 'Add a question')}
        </Button>
        <Button type="primary" loading={save.isPending} onClick={() => save.mutate(items)}>
          {t('保存为本品牌的常见问题', "Save as this brand's")}
        </Button>
        {faq.data?.own && (
          <Button loading={save.isPending} onClick={() => save.mutate([])}>
            {t('恢复共享的常见问题', 'Use the shared ones again')}
          </Button>
        )}
      </Space>
    </Card>
  );
}

const LISTS: Record<GoodsListName, { path: string; zh: string; en: string }> = {
  hot: { path: '/discovery/hot-goods', zh: '热门商品', en: 'Hot goods' },
  enjoy: { path: '/discovery/enjoy-goods', zh: '优享好物', en: 'Premium picks (优享好物)' },
};

/** A goods list as ids in order (`id, id, …`): short to edit, and the server checks every id. */
function GoodsList({ platform, list }: { platform: number; list: GoodsListName }) {
  const t = useText();
  const { message } = App.useApp();
  const client = useQueryClient();
  const { path, zh, en } = LISTS[list];
  const current = useQuery({
    queryKey: ['goods-list', list, platform],
    queryFn: () => api.get<AdminGoodsList>(path, { platform }),
  });
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? (current.data?.goodsIds ?? []).join(', ');
  const save = useMutation({
    mutationFn: (ids: number[]) => api.put<AdminGoodsList>(path, { platform, goodsIds: ids }),
    onSuccess: () => {
      setDraft(null);
      void message.success(t(`${zh}已保存`, `${en} saved`));
      void client.invalidateQueries({ queryKey: ['goods-list', list, platform] });
    },
  });
  const ids = text
    .split(/[,，\s]+/)
    .filter(Boolean)
    .map(Number);
  return (
    <Card
      title={
        <Space>
          {t(zh, en)}
          {current.data && <OwnTag own={current.data.own} />}
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">
        {t('商品 ID，按展示顺序，用逗号分隔', 'Goods ids in the order shown, comma-separated')}
      </Typography.Paragraph>
      {save.error && <Alert type="error" showIcon role="alert" message={save.error.message} />}
      <Input.TextArea
        aria-label={t(zh, en)}
        rows={3}
        value={text}
        onChange={(event) => setDraft(event.target.value)}
      />
      <Space style={{ marginTop: 8 }}>
        <Button type="primary" loading={save.isPending} onClick={() => save.mutate(ids)}>
          {t('保存为本品牌的列表', "Save as this brand's list")}
        </Button>
        {current.data?.own && (
          <Button loading={save.isPending} onClick={() => save.mutate([])}>
            {t('恢复共享列表', 'Use the shared list again')}
          </Button>
        )}
      </Space>
    </Card>
  );
}

/** The brand's categories, in the order chosen (the classify page and the home shortcuts). */
function Categories({ platform }: { platform: number }) {
  const t = useText();
  const { message } = App.useApp();
  const client = useQueryClient();
  const current = useQuery({
    queryKey: ['brand-categories', platform],
    queryFn: () => api.get<AdminCategories>('/discovery/categories', { platform }),
  });
  const [draft, setDraft] = useState<number[] | null>(null);
  const save = useMutation({
    mutationFn: (ids: number[]) =>
      api.put<AdminCategories>('/discovery/categories', { platform, categoryIds: ids }),
    onSuccess: () => {
      setDraft(null);
      void message.success(t('分类已保存', 'Categories saved'));
      void client.invalidateQueries({ queryKey: ['brand-categories', platform] });
    },
  });
  const options = (current.data?.categories ?? []).map((category) => ({
    value: category.id,
    label: category.name,
  }));
  const ids = draft ?? current.data?.categoryIds ?? [];
  return (
    <Card
      title={
        <Space>
          {t('分类', 'Categories')}
          {current.data && <OwnTag own={current.data.own} />}
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">
        {t('按选择的先后排列', 'Listed in the order chosen')}
      </Typography.Paragraph>
      {save.error && <Alert type="error" showIcon role="alert" message={save.error.message} />}
      <Select
        mode="multiple"
        aria-label={t('分类', 'Categories')}
        style={{ width: '100%' }}
        options={options}
        value={ids}
        onChange={(value: number[]) => setDraft(value)}
      />
      <Space style={{ marginTop: 8 }}>
        <Button type="primary" loading={save.isPending} onClick={() => save.mutate(ids)}>
          {t('保存为本品牌的分类', "Save as this brand's categories")}
        </Button>
        {current.data?.own && (
          <Button loading={save.isPending} onClick={() => save.mutate([])}>
            {t('恢复全部分类', 'Show every category again')}
          </Button>
        )}
      </Space>
    </Card>
  );
}

export default function DiscoveryPage() {
  const t = useText();
  const [platform, setPlatform] = useChosenBrand();
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <BrandPageHeader
        title={t('常见问题与商品列表', 'Help and goods lists')}
        platform={platform}
        onChange={setPlatform}
      />
      {platform !== undefined && (
        <>
          <Faq key={`f${platform}`} platform={platform} />
          <GoodsList key={`h${platform}`} platform={platform} list="hot" />
          <GoodsList key={`e${platform}`} platform={platform} list="enjoy" />
          <Categories key={`c${platform}`} platform={platform} />
        </>
      )}
    </Space>
  );
}
