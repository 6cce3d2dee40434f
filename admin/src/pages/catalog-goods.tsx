/**
 * The goods list: filters (keyword, category, brand, on sale or not) in the address, a publish
 * switch per row, links to the editor and to each goods' stock.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Input, Select, Space, Switch, Table, Tag } from 'antd';
import type { TableProps } from 'antd';
import dayjs from 'dayjs';
import { Link, useSearchParams } from 'react-router-dom';
import type { GoodsView } from '../../../contract/admin/catalog.ts';
import { api } from '../api.ts';
import { useText } from '../i18n.tsx';
import { useBrands } from '../brand-picker.tsx';
import { yuan, type GoodsList } from '../types.ts';

type Row = GoodsList['list'][number];

export default function GoodsListPage() {
  const t = useText();
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const number = (key: string) => {
    const value = Number(params.get(key));
    return Number.isInteger(value) && value > 0 ? value : undefined;
  };
  const publishedParam = params.get('published');
  const query = {
    keyword: params.get('keyword') ?? undefined,
    categoryId: number('categoryId'),
    platform: number('platform'),
    published: publishedParam === 'true' || publishedParam === 'false' ? publishedParam : undefined,
    pageNum: number('pageNum') ?? 1,
    pageSize: number('pageSize') ?? 20,
  };
  const goods = useQuery({
    queryKey: ['goods', query],
    queryFn: () => api.get<GoodsList>('/goods', query),
    placeholderData: keepPreviousData,
  });
  const update = (changes: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    if (!('pageNum' in changes)) next.delete('pageNum');
    setParams(next);
  };
  const publish = useMutation({
    mutationFn: ({ id, published }: { id: number; published: boolean }) =>
      api.post<GoodsView>(`/goods/${id}/published`, { published }),
    onSuccess: (view) => {
      void message.success(view.published ? t('已上架', 'Published') : t('已下架', 'Unpublished'));
      void queryClient.invalidateQueries({ queryKey: ['goods'] });
    },
    onError: (error) => void message.error(error.message),
  });
  const brands = useBrands();

  const columns: TableProps<Row>['columns'] = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    {
      title: t('商品', 'Goods'),
      dataIndex: 'name',
      render: (name: string, row) => <Link to={`/goods/${row.id}`}>{name}</Link>,
    },
    { title: t('分类', 'Category'), dataIndex: 'categoryName', width: 100 },
    {
      title: t('销售品牌', 'Sold by'),
      dataIndex: 'brands',
      width: 140,
      render: (list: number[]) =>
        list.length === 0 ? (
          <Tag>{t('全部品牌', 'Every brand')}</Tag>
        ) : (
          list.map((b) => <Tag key={b}>{t(`品牌 ${b}`, `Brand ${b}`)}</Tag>)
        ),
    },
    { title: t('最低月租', 'From'), dataIndex: 'minRent', render: yuan, width: 100 },
    { title: t('SKU 数', 'SKUs'), dataIndex: 'skuCount', width: 70 },
    { title: t('可租库存', 'Stock'), dataIndex: 'stock', width: 80 },
    {
      title: t('更新时间', 'Updated'),
      dataIndex: 'updatedAt',
      width: 150,
      render: (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: t('上架', 'On sale'),
      dataIndex: 'published',
      width: 80,
      render: (published: boolean, row) => (
        <Switch
          aria-label={t(`上架 ${row.name}`, `Publish ${row.name}`)}
          checked={published}
          loading={publish.isPending && publish.variables?.id === row.id}
          onChange={(next) => publish.mutate({ id: row.id, published: next })}
        />
      ),
    },
  ];

  return (
    <section aria-label={t('商品', 'Goods')} aria-busy={goods.isFetching}>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label={t('商品名称', 'Goods name')}
          placeholder={t('商品名称', 'Goods name')}
          allowClear
          defaultValue={query.keyword}
          style={{ width: 220 }}
          onSearch={(keyword) => update({ keyword: keyword.trim() })}
        />
        <Select
          aria-label={t('分类', 'Category')}
          allowClear
          placeholder={t('全部分类', 'Every category')}
          style={{ width: 140 }}
          value={query.categoryId}
          onChange={(categoryId?: number) => update({ categoryId })}
          options={goods.data?.categories.map((c) => ({ value: c.id, label: c.name }))}
        />
        <Select
          aria-label={t('品牌', 'Brand')}
          allowClear
          placeholder={t('全部品牌', 'Every brand')}
          style={{ width: 130 }}
          value={query.platform}
          onChange={(platform?: number) => update({ platform })}
          options={brands.map((b) => ({ value: b, label: t(`品牌 ${b}`, `Brand ${b}`) }))}
        />
        <Select
          aria-label={t('上架状态', 'On sale')}
          allowClear
          placeholder={t('上架与下架', 'On and off sale')}
          style={{ width: 130 }}
          value={query.published}
          onChange={(published?: string) => update({ published })}
          options={[
            { value: 'true', label: t('已上架', 'On sale') },
            { value: 'false', label: t('已下架', 'Off sale') },
          ]}
        />
        <Link to="/goods/new">
          <Button type="primary">{t('新建商品', 'New goods')}</Button>
        </Link>
        <Link to="/catalog-import">
          <Button>{t('批量导入导出', 'Import / export')}</Button>
        </Link>
      </Space>
      {goods.error ? (
        <Alert type="error" showIcon message={goods.error.message} />
      ) : (
        <Table<Row>
          rowKey="id"
          columns={columns}
          dataSource={goods.data?.list}
          loading={goods.isFetching}
          scroll={{ x: 1000 }}
          pagination={{
            current: query.pageNum,
            pageSize: query.pageSize,
            total: goods.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => t(`共 ${total} 件`, `${total} goods`),
          }}
          onChange={(pagination) =>
            update({ pageNum: pagination.current, pageSize: pagination.pageSize })
          }
        />
      )}
    </section>
  );
}
