/**
 * The order queue: a tab per desk state with its count, filters (brand, dates, channel, keyword),
 * sorting and paging on the server. The query lives in the address, so back and reload keep it.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Empty, Input, Select, Space, Table, Tabs } from 'antd';
import type { TableProps } from 'antd';
import dayjs from 'dayjs';
import { Link, useSearchParams } from 'react-router-dom';
import {
  ORDER_DESK_TABS,
  type ListOrdersQuery,
  type OrderDeskTab,
} from '../../../contract/admin/index.ts';
import { api } from '../api.ts';
import { useText } from '../i18n.tsx';
import { deskLabels } from '../labels.ts';
import { useBrands } from '../brand-picker.tsx';
import { brandName, yuan, type OrderList } from '../types.ts';

type Row = OrderList['list'][number];
const TAB_KEYS = Object.keys(ORDER_DESK_TABS) as OrderDeskTab[];
const SORTS = ['createdAt', '-createdAt', 'updatedAt', '-updatedAt'] as const;
type Sort = (typeof SORTS)[number];

function readQuery(params: URLSearchParams): ListOrdersQuery {
  const tab = params.get('tab');
  const sort = params.get('sort');
  const number = (key: string) => {
    const value = Number(params.get(key));
    return Number.isInteger(value) && value > 0 ? value : undefined;
  };
  return {
    tab: TAB_KEYS.includes(tab as OrderDeskTab) ? (tab as OrderDeskTab) : 'review',
    platform: number('platform'),
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
    channel: params.get('channel') ?? undefined,
    keyword: params.get('keyword') ?? undefined,
    sort: SORTS.includes(sort as Sort) ? (sort as Sort) : '-createdAt',
    pageNum: number('pageNum') ?? 1,
    pageSize: number('pageSize') ?? 20,
  };
}

export default function OrdersPage() {
  const t = useText();
  const labels = deskLabels(t);
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const orders = useQuery({
    queryKey: ['orders', query],
    queryFn: () => api.get<OrderList>('/orders', { ...query }),
    placeholderData: keepPreviousData,
  });
  const update = (changes: Partial<Record<keyof ListOrdersQuery, string | number | undefined>>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    if (!('pageNum' in changes)) next.delete('pageNum');
    setParams(next);
  };
  const brands = useBrands();
  const counts = new Map(orders.data?.tabs.map((tab) => [tab.key, tab.count]));

  const sortOrder = (field: 'createdAt' | 'updatedAt') =>
    query.sort === field ? 'ascend' : query.sort === `-${field}` ? 'descend' : null;
  const columns: TableProps<Row>['columns'] = [
    {
      title: t('订单号', 'Order no.'),
      dataIndex: 'orderNo',
      render: (orderNo: string, row) => <Link to={`/orders/${row.id}`}>{orderNo}</Link>,
    },
    {
      title: t('品牌', 'Brand'),
      dataIndex: 'platform',
      render: (p: number) => brandName(p, t),
      width: 90,
    },
    {
      title: t('状态', 'Status'),
      dataIndex: 'status',
      render: (status: string) => labels.orderStatus(status),
      width: 120,
    },
    { title: t('商品', 'Goods'), dataIndex: 'goodsName', ellipsis: true },
    { title: t('客户', 'Customer'), dataIndex: 'customerName', width: 100 },
    { title: t('手机', 'Mobile'), dataIndex: 'mobile', width: 130 },
    {
      title: t('渠道', 'Channel'),
      dataIndex: 'channel',
      render: (c: string | null) => c ?? '—',
      width: 100,
    },
    { title: t('月租', 'Rent'), dataIndex: 'rentPerPeriod', render: yuan, width: 100 },
    {
      title: t('下单时间', 'Placed'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      sorter: true,
      sortOrder: sortOrder('createdAt'),
      render: (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm'),
      width: 150,
    },
    {
      title: t('更新时间', 'Updated'),
      dataIndex: 'updatedAt',
      key: 'updatedAt',
      sorter: true,
      sortOrder: sortOrder('updatedAt'),
      render: (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm'),
      width: 150,
    },
  ];

  return (
    <section aria-label={t('订单队列', 'Order queue')} aria-busy={orders.isFetching}>
      <Tabs
        activeKey={query.tab}
        onChange={(tab) => update({ tab })}
        items={TAB_KEYS.map((key) => ({
          key,
          label:
            `${t(ORDER_DESK_TABS[key].label, ORDER_DESK_TABS[key].en)} ${counts.get(key) ?? ''}`.trim(),
        }))}
      />
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label={t('品牌', 'Brand')}
          allowClear
          placeholder={t('全部品牌', 'All brands')}
          style={{ width: 140 }}
          value={query.platform}
          onChange={(platform?: number) => update({ platform })}
          options={brands.map((id) => ({ value: id, label: brandName(id, t) }))}
        />
        <DatePicker.RangePicker
          aria-label={t('下单日期', 'Placed between')}
          value={query.from && query.to ? [dayjs(query.from), dayjs(query.to)] : null}
          onChange={(range) =>
            update({
              from: range?.[0]?.format('YYYY-MM-DD'),
              to: range?.[1]?.format('YYYY-MM-DD'),
            })
          }
        />
        <Input.Search
          aria-label={t('渠道', 'Channel')}
          placeholder={t('渠道', 'Channel')}
          allowClear
          defaultValue={query.channel}
          style={{ width: 140 }}
          onSearch={(channel) => update({ channel: channel.trim() })}
        />
        <Input.Search
          aria-label={t('关键词', 'Keyword')}
          placeholder={t('订单号 / 手机 / 姓名', 'Order no. / mobile / name')}
          allowClear
          defaultValue={query.keyword}
          style={{ width: 240 }}
          onSearch={(keyword) => update({ keyword: keyword.trim() })}
        />
      </Space>
      {orders.error ? (
        <Alert
          type="error"
          showIcon
          message={t(
            `订单加载失败：${orders.error.message}`,
            `Orders could not be loaded: ${orders.error.message}`,
          )}
          action={<Button onClick={() => void orders.refetch()}>{t('重试', 'Retry')}</Button>}
        />
      ) : (
        <Table<Row>
          rowKey="id"
          columns={columns}
          dataSource={orders.data?.list}
          loading={orders.isFetching}
          scroll={{ x: 1100 }}
          locale={{ emptyText: <Empty description={t('暂无订单', 'No orders')} /> }}
          pagination={{
            current: query.pageNum,
            pageSize: query.pageSize,
            total: orders.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => t(`共 ${total} 条`, `${total} in all`),
          }}
          onChange={(pagination, _filters, sorter) => {
            const one = Array.isArray(sorter) ? sorter[0] : sorter;
            const field = one?.columnKey as 'createdAt' | 'updatedAt' | undefined;
            const sort =
              field && one?.order ? (one.order === 'ascend' ? field : `-${field}`) : undefined;
            update({
              pageNum: pagination.current,
              pageSize: pagination.pageSize,
              sort,
            });
          }}
        />
      )}
    </section>
  );
}
