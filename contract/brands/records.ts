import type { PlatformId } from '../http';
import type { Brand } from './types';

/**
 * The nine brands' records: the single source of brand data. Build tooling and tests import it
 * directly; the app never compiles it in. scripts/build.ts writes these records into each
 * artifact (mini-programs: in place of a build token; H5: into index.html), so a brand-only
 * change is a re-stamp of the existing compile, not a rebuild.
 */

/** The two customer-service lines the brands share. */
export const SERVICE_PHONES = ['400-826-1688', '400-990-5318'] as const;

function rgb(hex: string): readonly [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function brand(
  id: PlatformId,
  platformName: string,
  companyName: string,
  themeColor: string,
  ids: { wx: string; alipay: string; icp: string },
  extra: Partial<Brand> = {},
): Brand {
  return {
    id,
    platformName,
    companyName,
    userPhone: SERVICE_PHONES[id <= 5 ? 0 : 1],
    imgUrlLogin: 'login',
    imgUrlHome: 'home',
    imgReturn: 'return',
    wxAppId: ids.wx,
    alipayAppId: ids.alipay,
    icpNumber: ids.icp,
    themeColor,
    themeColorNumber: rgb(themeColor),
    phoneLogin: true,
    ...extra,
  };
}

/**
 * The nine white-label brands. Theme colours are dark enough for white text on them to meet
 * WCAG AA (4.5:1), since buttons and the selected tab use them.
 */
export const BRAND_RECORDS: readonly Brand[] = [
  brand(1, '享租优品', '杭州享租网络科技有限公司', '#C2410C', {
    wx: 'wx3a1f6c2e9b4d7a01',
    alipay: '2021004100000001',
    icp: '浙ICP备2024031801号-1',
  }),
  brand(2, '租立享', '深圳租立享科技有限公司', '#1D4ED8', {
    wx: 'wx5b2e7d3f0c6a8b02',
    alipay: '2021004100000002',
    icp: '粤ICP备2024052302号-1',
  }),
  brand(3, '易租机', '广州易租机信息技术有限公司', '#15803D', {
    wx: 'wx7c3f8e4a1d7b9c03',
    alipay: '2021004100000003',
    icp: '粤ICP备2023087603号-2',
  }),
  brand(4, '紫荆数码租', '上海紫荆数码租赁有限公司', '#7E22CE', {
    wx: 'wx9d4a9f5b2e8cad04',
    alipay: '2021004100000004',
    icp: '沪ICP备2024015604号-1',
  }),
  brand(
    5,
    '乐租宝',
    '成都乐租宝网络科技有限公司',
    '#B91C1C',
    {
      wx: 'wxae5bafc63f9dbe05',
      alipay: '2021004100000005',
      icp: '蜀ICP备2024026805号-1',
    },
    { phoneLogin: false },
  ),
  brand(6, '青松租机', '南京青松租赁服务有限公司', '#0F766E', {
    wx: 'wxbf6cb0d74a0ecf06',
    alipay: '2021004100000006',
    icp: '苏ICP备2023098106号-1',
  }),
  brand(
    7,
    '花漾租',
    '武汉花漾科技有限公司',
    '#BE185D',
    {
      wx: 'wxc07dc1e85b1fd007',
      alipay: '2021004100000007',
      icp: '鄂ICP备2024017707号-1',
    },
    { phoneLogin: false },
  ),
  brand(8, '金禾优租', '北京金禾优租科技有限公司', '#A16207', {
    wx: 'wxd18ed2f96c20e108',
    alipay: '2021004100000008',
    icp: '京ICP备2024038808号-1',
  }),
  brand(
    9,
    '云海租赁',
    '厦门云海租赁科技有限公司',
    '#0369A1',
    {
      wx: 'wxe29fe30a7d31f209',
      alipay: '2021004100000009',
      icp: '闽ICP备2024049909号-1',
    },
    { onlineChat: true },
  ),
];
