/**
 * A brand's discovery lists (issue 37, leftovers): its common problems (FAQ) on the service tab,
 * its hot goods and 优享好物 lists, and its categories, each in order. Until a brand saves its own, it shows (and this
 * page starts from) the lists every brand shares; saving an empty list returns to them. The
 * server checks every goods and question type; a change shows on the storefront at once.
 */
import { useState, type ReactNode } from 'react';
import {
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationResult,
} from '@tanstack/react-query';
import { Alert, App, Button, Card, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type {
  AdminCategories,
  AdminFaq,
  AdminGoodsList,
  FaqItemInput,
  GoodsListName,
} from '../../../contract/admin/discovery.ts';
import { api } from '../api.ts';
import { BrandCardsPage } from '../brand-picker.tsx';
import { useText } from '../i18n.tsx';

function OwnTag({ own }: { own: boolean }) {
  const t = useText();
  return own ? (
    <Tag color="blue">{t('本品牌自有', "This brand's own")}</Tag>
  ) : (
    <Tag>{t('共享（各品牌通用）', 'Shared by every brand')}</Tag>
  );
}

/**
 * One of the brand's lists at `path`: what the server has (`current`), the draft being edited
 * (null: none), and the save, which drops the draft, says `saved` and reads the list again.
 */
function useOwnList<T extends { own: boolean }, Draft, Value>(
  queryKey: unknown[],
  path: string,
  platform: number,
  saved: string,
  body: (value: Value) => Record<string, unknown>,
) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const current = useQuery({ queryKey, queryFn: () => api.get<T>(path, { platform }) });
  const [draft, setDraft] = useState<Draft | null>(null);
  const save = useMutation({
    mutationFn: (value: Value) => api.put<T>(path, { platform, ...body(value) }),
    onSuccess: () => {
      setDraft(null);
      void message.success(saved);
      void client.invalidateQueries({ queryKey });
    },
  });
  return { current, draft, setDraft, save };
}

/**
 * A list's card: its title and whether it is the brand's own, the save's failure, the editor,
 * then (after `more`) save as the brand's own and, when it is, back to the shared one (empty).
 */
function OwnListCard<Value>({
  title,
  own,
  hint,
  save,
  value,
  empty,
  saveLabel,
  resetLabel,
  more,
  children,
}: {
  title: string;
  own: boolean | undefined;
  hint?: string;
  save: UseMutationResult<unknown, Error, Value>;
  value: Value;
  empty: Value;
  saveLabel: string;
  resetLabel: string;
  more?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card
      title={
        <Space>
          {title}
          {own !== undefined && <OwnTag own={own} />}
        </Space>
      }
    >
      {hint && <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>}
      {save.error && <Alert type="error" showIcon role="alert" message={save.error.message} />}
      {children}
      <Space style={{ marginTop: 8 }}>
        {more}
        <Button type="primary" loading={save.isPending} onClick={() => save.mutate(value)}>
          {saveLabel}
        </Button>
        {own && (
          <Button loading={save.isPending} onClick={() => save.mutate(empty)}>
            {resetLabel}
          </Button>
        )}
      </Space>
    </Card>
  );
}

function Faq({ platform }: { platform: number }) {
  const t = useText();
  const {
    current: faq,
    draft,
    setDraft,
    save,
  } = useOwnList<AdminFaq, FaqItemInput[], FaqItemInput[]>(
    ['faq', platform],
    '/discovery/faq',
    platform,
    t('常见问题已保存', 'Common problems saved'),
    (items) => ({ items }),
  );
  const items = draft ?? faq.data?.items ?? [];
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
    <OwnListCard
      title={t('常见问题', 'Common problems')}
      own={faq.data?.own}
      save={save}
      value={items}
      empty={[]}
      saveLabel={t('保存为本品牌的常见问题', "Save as this brand's")}
      resetLabel={t('恢复共享的常见问题', 'Use the shared ones again')}
      more={
        <Button
          onClick={() =>
            setDraft([...items, { typeId: types[0]?.value ?? 1, question: '', answer: '' }])
          }
        >
          {t('添加问题', 'Add a question')}
        </Button>
      }
    >
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
    </OwnListCard>
  );
}

const LISTS: Record<GoodsListName, { path: string; zh: string; en: string }> = {
  hot: { path: '/discovery/hot-goods', zh: '热门商品', en: 'Hot goods' },
  enjoy: { path: '/discovery/enjoy-goods', zh: '优享好物', en: 'Premium picks (优享好物)' },
};

/** A goods list as ids in order (`id, id, …`): short to edit, and the server checks every id. */
function GoodsList({ platform, list }: { platform: number; list: GoodsListName }) {
  const t = useText();
  const { path, zh, en } = LISTS[list];
  const { current, draft, setDraft, save } = useOwnList<AdminGoodsList, string, number[]>(
    ['goods-list', list, platform],
    path,
    platform,
    t(`${zh}已保存`, `${en} saved`),
    (goodsIds) => ({ goodsIds }),
  );
  const text = draft ?? (current.data?.goodsIds ?? []).join(', ');
  const ids = text
    .split(/[,，\s]+/)
    .filter(Boolean)
    .map(Number);
  return (
    <OwnListCard
      title={t(zh, en)}
      own={current.data?.own}
      hint={t('商品 ID，按展示顺序，用逗号分隔', 'Goods ids in the order shown, comma-separated')}
      save={save}
      value={ids}
      empty={[]}
      saveLabel={t('保存为本品牌的列表', "Save as this brand's list")}
      resetLabel={t('恢复共享列表', 'Use the shared list again')}
    >
      <Input.TextArea
        aria-label={t(zh, en)}
        rows={3}
        value={text}
        onChange={(event) => setDraft(event.target.value)}
      />
    </OwnListCard>
  );
}

/** The brand's categories, in the order chosen (the classify page and the home shortcuts). */
function Categories({ platform }: { platform: number }) {
  const t = useText();
  const { current, draft, setDraft, save } = useOwnList<AdminCategories, number[], number[]>(
    ['brand-categories', platform],
    '/discovery/categories',
    platform,
    t('分类已保存', 'Categories saved'),
    (categoryIds) => ({ categoryIds }),
  );
  const options = (current.data?.categories ?? []).map((category) => ({
    value: category.id,
    label: category.name,
  }));
  const ids = draft ?? current.data?.categoryIds ?? [];
  return (
    <OwnListCard
      title={t('分类', 'Categories')}
      own={current.data?.own}
      hint={t('按选择的先后排列', 'Listed in the order chosen')}
      save={save}
      value={ids}
      empty={[]}
      saveLabel={t('保存为本品牌的分类', "Save as this brand's categories")}
      resetLabel={t('恢复全部分类', 'Show every category again')}
    >
      <Select
        mode="multiple"
        aria-label={t('分类', 'Categories')}
        style={{ width: '100%' }}
        options={options}
        value={ids}
        onChange={(value: number[]) => setDraft(value)}
      />
    </OwnListCard>
  );
}

export default function DiscoveryPage() {
  const t = useText();
  return (
    <BrandCardsPage title={t('常见问题与商品列表', 'Help and goods lists')}>
      {(platform) => (
        <>
          <Faq key={`f${platform}`} platform={platform} />
          <GoodsList key={`h${platform}`} platform={platform} list="hot" />
          <GoodsList key={`e${platform}`} platform={platform} list="enjoy" />
          <Categories key={`c${platform}`} platform={platform} />
        </>
      )}
    </BrandCardsPage>
  );
}
