/**
 * The risk review of one order, on its detail for an account that reviews: the brand's flags,
 * what is known of the customer (credit, age and region from the ID number, masked), other
 * orders of the last 90 days sharing its ID number, mobile, address or device, and the review's
 * decision with its reason once made. Flags only inform: the reviewer decides.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Empty, Skeleton, Space, Table, Tag } from 'antd';
import { Link } from 'react-router-dom';
import type { RelatedOrder, RiskMatch, RiskReview } from '../../../contract/admin/risk.ts';
import { api } from '../api.ts';
import { useText } from '../i18n.tsx';

const MATCH_LABELS: Record<RiskMatch, [zh: string, en: string]> = {
  idNumber: ['同身份证', 'Same ID number'],
  mobile: ['同手机号', 'Same mobile'],
  address: ['同地址', 'Same address'],
  device: ['同设备', 'Same device'],
};

const at = (value: string) => new Date(value).toLocaleString('zh-CN');

export function riskQueryKey(orderId: number) {
  return ['risk', orderId] as const;
}

export function RiskPanel({ orderId }: { orderId: number }) {
  const t = useText();
  const review = useQuery({
    queryKey: riskQueryKey(orderId),
    queryFn: () => api.get<RiskReview>(`/orders/${orderId}/risk`),
  });
  const title = <span data-testid="risk-title">{t('风控审核', 'Risk review')}</span>;
  if (review.isPending)
    return (
      <Card title={title} size="small">
        <Skeleton active />
      </Card>
    );
  if (review.error)
    return (
      <Card title={title} size="small">
        <Alert
          type="error"
          showIcon
          message={`${t('风控信息加载失败', 'Risk review failed to load')}：${review.error.message}`}
          action={<Button onClick={() => void review.refetch()}>{t('重试', 'Retry')}</Button>}
        />
      </Card>
    );
  const r = review.data;
  const matchTag = (match: RiskMatch) => <Tag key={match}>{t(...MATCH_LABELS[match])}</Tag>;
  return (
    <Card title={title} size="small">
      <div data-testid="risk-panel">
        <Space direction="vertical" style={{ width: '100%' }}>
          {r.decision && (
            <div data-testid="risk-decision">
              <Alert
                type={r.decision.action === 'approve' ? 'success' : 'error'}
                showIcon
                message={`${r.decision.action === 'approve' ? t('审核通过', 'Approved') : t('已拒绝', 'Rejected')}（${r.decision.by}，${at(r.decision.at)}）`}
                description={`${t('理由', 'Reason')}：${r.decision.reason || '—'}`}
              />
            </div>
          )}
          <div data-testid="risk-flags">
            {r.flags.length > 0 ? (
              <Alert
                type="warning"
                showIcon
                message={t(
                  `命中 ${r.flags.length} 条品牌风控规则（仅作提示，由审核人决定）`,
                  `${r.flags.length} of the brand's rules flag this order (a hint: the reviewer decides)`,
                )}
                description={
                  <ul style={{ margin: 0, paddingLeft: 20 }}>
                    {r.flags.map((flag) => (
                      <li key={flag.rule}>{flag.message}</li>
                    ))}
                  </ul>
                }
              />
            ) : (
              <Alert
                type="info"
                showIcon
                message={
                  r.rules
                    ? t('未命中品牌风控规则', "None of the brand's rules flag this order")
                    : t('该品牌尚未设置风控规则', 'The brand has set no risk rules')
                }
              />
            )}
          </div>
          <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
            <Descriptions.Item label={t('信用分', 'Credit score')}>
              {r.credit.score ?? '—'}
              {r.credit.passed === null
                ? ''
                : r.credit.passed
                  ? t('（通过）', ' (passed)')
                  : t('（未通过）', ' (failed)')}
            </Descriptions.Item>
            <Descriptions.Item label={t('年龄', 'Age')}>
              <span data-testid="risk-age">{r.identity.age ?? '—'}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('身份证归属地', 'ID region')}>
              {r.identity.region
                ? `${r.identity.region.province}${r.identity.region.city && r.identity.region.city !== '市辖区' ? r.identity.region.city : ''}（${r.identity.region.code}）`
                : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('身份证', 'ID number')}>
              {r.identity.idNumber ?? t('未实名', 'Not verified')}
            </Descriptions.Item>
            <Descriptions.Item label={t('手机', 'Mobile')}>{r.mobile}</Descriptions.Item>
            <Descriptions.Item label={t('收货地区', 'Delivery area')}>
              {r.address}
            </Descriptions.Item>
            <Descriptions.Item label={t('下单设备', 'Ordering device')}>
              {r.deviceKnown ? t('已记录', 'Recorded') : t('未记录', 'Not recorded')}
            </Descriptions.Item>
            <Descriptions.Item label={t('关联依据', 'Related by')}>
              {(Object.keys(MATCH_LABELS) as RiskMatch[])
                .map((m) => `${t(...MATCH_LABELS[m])} ${r.relatedCounts[m]}`)
                .join('，')}
            </Descriptions.Item>
          </Descriptions>
          <div data-testid="related-orders">
            <Table<RelatedOrder>
              rowKey="id"
              size="small"
              pagination={false}
              scroll={{ x: 700 }}
              title={() =>
                t(
                  `近 ${r.relatedDays} 天关联订单（本品牌）`,
                  `Related orders, last ${r.relatedDays} days (this brand)`,
                )
              }
              locale={{
                emptyText: (
                  <Empty
                    image={Empty.PRESENTED_IMAGE_SIMPLE}
                    description={t('没有关联订单', 'No related orders')}
                  />
                ),
              }}
              dataSource={r.related}
              columns={[
                {
                  title: t('订单号', 'Order no.'),
                  dataIndex: 'orderNo',
                  render: (no: string, row) => <Link to={`/orders/${row.id}`}>{no}</Link>,
                },
                { title: t('商品', 'Goods'), dataIndex: 'goodsName' },
                { title: t('状态', 'Status'), dataIndex: 'statusText' },
                { title: t('下单时间', 'Placed'), dataIndex: 'createdAt', render: at },
                {
                  title: t('关联依据', 'Related by'),
                  dataIndex: 'matchedBy',
                  render: (matches: RiskMatch[]) => matches.map(matchTag),
                },
              ]}
            />
          </div>
        </Space>
      </div>
    </Card>
  );
}
