import { Text, View } from '@tarojs/components';
import { useCallback, useState } from 'react';
import { PagedList, usePagedList } from '../../components/paged-list';
import type { PageBodyProps } from '../../components/page-frame';
import { EmptyState } from '../../components/states';
import { registerMessages, useTranslation, type MessageKey } from '../../i18n';
import { accountMessages } from '@contract/i18n/zh-Hans/account';
import { userMessages } from '@contract/i18n/zh-Hans/user';
import {
  claimCoupon,
  fetchClaimableCoupons,
  fetchMyCoupons,
  type Coupon,
  type MyCoupon,
  type MyCouponStatus,
} from '../../api/coupon';
import { loginPageUrl } from '../../platform/navigation';
import { showMessage, showToast } from '../../platform/ui';
import { useSession } from '../../stores/session';
import { formatMoney } from '../../utils';
import { couponFace } from '../../utils/coupon-face';
import './coupon.scss';
import { openPage } from '../../platform/open-page';

registerMessages(accountMessages, userMessages);

type Tab = 'claim' | MyCouponStatus;
const TABS: readonly { key: Tab; label: MessageKey }[] = [
  { key: 'claim', label: 'account.coupon.claimTab' },
  { key: 'unused', label: 'account.coupon.unused' },
  { key: 'used', label: 'account.coupon.used' },
  { key: 'expired', label: 'account.coupon.expired' },
];
type Row = { kind: 'offer'; coupon: Coupon } | { kind: 'mine'; coupon: MyCoupon };

function isTab(value: unknown): value is Tab {
  return TABS.some((tab) => tab.key === value);
}

/** The whole list as one page (the server returns coupons unpaged). */
function onePage<T>(list: T[]) {
  return { list, total: list.length, pageNum: 1, pageSize: Math.max(1, list.length) };
}

/** 领券中心 (this brand's coupons, claim each once) and my coupons by status. */
export function CouponCentre({ route, params }: PageBodyProps) {
  const { t, language } = useTranslation();
  const loggedIn = useSession((state) => state.status === 'loggedIn');
  const [tab, setTab] = useState<Tab>(isTab(params.tab) ? params.tab : 'claim');
  const [claiming, setClaiming] = useState<number | undefined>();
  const here = `/${route}?tab=${tab}`;

  const fetchPage = useCallback(async () => {
    if (tab === 'claim') {
      const reply = await fetchClaimableCoupons();
      return {
        ...reply,
        data:
          reply.code === 200 && reply.data
            ? onePage<Row>(reply.data.map((coupon) => ({ kind: 'offer', coupon })))
            : null,
      };
    }
    const reply = await fetchMyCoupons(tab);
    return {
      ...reply,
      data:
        reply.code === 200 && reply.data
          ? onePage<Row>(reply.data.map((coupon) => ({ kind: 'mine', coupon })))
          : null,
    };
  }, [tab]);
  const needsLogin = tab !== 'claim' && !loggedIn;
  const list = usePagedList<Row>({
    fetchPage,
    pageSize: 50,
    deps: [tab, loggedIn],
    enabled: !needsLogin,
  });

  const claim = async (coupon: Coupon) => {
    if (!loggedIn) {
      void openPage(loginPageUrl(here));
      return;
    }
    if (claiming !== undefined) return;
    setClaiming(coupon.id);
    const reply = await claimCoupon(coupon.id);
    setClaiming(undefined);
    if (reply.code !== 200) {
      void showMessage(reply.msg);
      return;
    }
    void showToast(t('account.coupon.claimSuccess'), { icon: 'success' });
    await list.refresh();
  };

  const threshold = (minAmount: number) =>
    minAmount > 0
      ? t('account.coupon.minAmount', { amount: `¥${formatMoney(minAmount)}` })
      : t('account.coupon.noThreshold');

  const renderRow = (row: Row) => {
    const { coupon } = row;
    const faded = row.kind === 'mine' && row.coupon.status !== 'unused';
    return (
      <View className={`coupon${faded ? ' coupon--faded' : ''}`}>
        <View className="coupon__amount">
          {coupon.kind === 'percent' || coupon.kind === 'first_month_free' ? (
            <Text className="coupon__money coupon__money--face">
              {couponFace(coupon, t, language)}
            </Text>
          ) : (
            <Text className="coupon__money">
              <Text className="coupon__currency">¥</Text>
              {formatMoney(coupon.amount)}
            </Text>
          )}
          <Text className="coupon__threshold">{threshold(coupon.minAmount)}</Text>
        </View>
        <View className="coupon__body">
          <Text className="coupon__title">{coupon.title}</Text>
          <Text className="coupon__description">{coupon.description}</Text>
          <Text className="coupon__valid">
            {row.kind === 'offer'
              ? t('account.coupon.validDays', { days: row.coupon.validDays })
              : t('account.coupon.expiresAt', { date: row.coupon.expiresAt.slice(0, 10) })}
          </Text>
        </View>
        {row.kind === 'offer' && (
          <View
            className={`coupon__claim${row.coupon.claimed ? ' coupon__claim--done' : ''}`}
            role="button"
            aria-disabled={row.coupon.claimed || claiming === row.coupon.id}
            onClick={() => {
              if (!row.coupon.claimed) void claim(row.coupon);
            }}
          >
            <Text>
              {row.coupon.claimed ? t('account.coupon.claimed') : t('account.coupon.claim')}
            </Text>
          </View>
        )}
        {row.kind === 'mine' && row.coupon.status !== 'unused' && (
          <Text className="coupon__stamp">
            {t(row.coupon.status === 'used' ? 'account.coupon.used' : 'account.coupon.expired')}
          </Text>
        )}
      </View>
    );
  };

  return (
    <View className="coupon-centre">
      <View className="coupon-centre__tabs" role="tablist">
        {TABS.map(({ key, label }) => (
          <View
            key={key}
            role="tab"
            aria-selected={key === tab}
            className={`coupon-centre__tab${key === tab ? ' coupon-centre__tab--on' : ''}`}
            onClick={() => setTab(key)}
          >
            <Text>{t(label)}</Text>
          </View>
        ))}
      </View>
      {needsLogin ? (
        <EmptyState
          title={t('account.loginPromptHint')}
          action={
            <View
              className="coupon-centre__login"
              role="button"
              onClick={() => void openPage(loginPageUrl(here))}
            >
              <Text>{t('account.loginPrompt')}</Text>
            </View>
          }
        />
      ) : (
        <PagedList
          list={list}
          layout="rows"
          uniformItems={false}
          keyOf={(row) => `${row.kind}-${row.coupon.id}`}
          empty={{
            title: t(tab === 'claim' ? 'account.coupon.emptyClaimable' : 'account.coupon.empty'),
          }}
          renderItem={renderRow}
        />
      )}
    </View>
  );
}
