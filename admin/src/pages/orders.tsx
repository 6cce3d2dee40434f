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
import { useSession } from '../session.tsx';
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
  const { session } = useSession();
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
  const brands = session?.staff.allBrands
    ? [1, 2, 3, 4, 5, 6, 7, 8, 9]
    : (session?.staff.brands ?? []);
  const counts = new Map(orders.data?.tabs.map((tab) => [tab.key, tab.count]));

  const sortOrder = (field: 'createdAt' | 'updatedAt') =>
    query.sort === field ? 'ascend' : query.sort === `-${field}` ? 'descend' : null;
  const columns: TableProps<Row>['columns'] = [
    {
      title: '订单号',
      dataIndex: 'orderNo',
      render: (orderNo: string, row) => <Link to={`/orders/${row.id}`}>{orderNo}</Link>,
    },
    { title: '品牌', dataIndex: 'platform', render: (p: number) => brandName(p), width: 90 },
    { title: '状态', dataIndex: 'statusText', width: 100 },
    { title: '商品', dataIndex: 'goodsName', ellipsis: true },
    { title: '客户', dataIndex: 'customerName', width: 100 },
    { title: '手机', dataIndex: 'mobile', width: 130 },
    { title: '渠道', dataIndex: 'channel', render: (c: string | null) => c ?? '—', width: 100 },
    { title: '月租', dataIndex: 'rentPerPeriod', render: yuan, width: 100 },
    {
      title: '下单时间',
      dataIndex: 'createdAt',
      key: 'createdAt',
      sorter: true,
      sortOrder: sortOrder('createdAt'),
      render: (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm'),
      width: 150,
    },
    {
      title: '更新时间',
      dataIndex: 'updatedAt',
      key: 'updatedAt',
      sorter: true,
      sortOrder: sortOrder('updatedAt'),
      render: (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm'),
      width: 150,
    },
  ];

  return (
    <section aria-label="订单队列" aria-busy={orders.isFetching}>
      <Tabs
        activeKey={query.tab}
        onChange={(tab) => update({ tab })}
        items={TAB_KEYS.map((key) => ({
          key,
          label: `${ORDER_DESK_TABS[key].label} ${counts.get(key) ?? ''}`.trim(),
        }))}
      />
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label="品牌"
          allowClear
          placeholder="全部品牌"
          style={{ width: 140 }}
          value={query.platform}
          onChange={(platform?: number) => update({ platform })}
          options={brands.map((id) => ({ value: id, label: brandName(id) }))}
        />
        <DatePicker.RangePicker
          aria-label="下单日期"
          value={query.from && query.to ? [dayjs(query.from), dayjs(query.to)] : null}
          onChange={(range) =>
            update({
              from: range?.[0]?.format('YYYY-MM-DD'),
              to: range?.[1]?.format('YYYY-MM-DD'),
            })
          }
        />
        <Input.Search
          aria-label="渠道"
          placeholder="渠道"
          allowClear
          defaultValue={query.channel}
          style={{ width: 140 }}
          onSearch={(channel) => update({ channel: channel.trim() })}
        />
        <Input.Search
          aria-label="关键词"
          placeholder="订单号 / 手机 / 姓名"
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
          message={`订单加载失败：${orders.error.message}`}
          action={<Button onClick={() => void orders.refetch()}>重试</Button>}
        />
      ) : (
        <Table<Row>
          rowKey="id"
          columns={columns}
          dataSource={orders.data?.list}
          loading={orders.isFetching}
          scroll={{ x: 1100 }}
          locale={{ emptyText: <Empty description="暂无订单" /> }}
          pagination={{
            current: query.pageNum,
            pageSize: query.pageSize,
            total: orders.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => `共 ${total} 条`,
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
