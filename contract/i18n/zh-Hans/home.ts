/**
 * Simplified Chinese, home area: the home and classify tabs (catalog, brand hero). Main package.
 */
export const homeMessages = {
  'brand.heroAlt': '{name}：新机免押，按月付租，到期可归还、续租或买断',
  'catalog.banners': '首页轮播',
  'catalog.categories': '商品分类',
  'catalog.enjoyIntro': '精选品质好物，信用免押轻松租',
  'catalog.enjoyTitle': '优享好物',
  'catalog.goodsEmpty': '暂无商品',
  'catalog.hotGoods': '热门推荐',
  'catalog.more': '查看更多',
  'catalog.perMonthFrom': '/月起',
  'catalog.searchPlaceholder': '搜索想租的商品',
  'catalog.sortDefault': '综合',
  'catalog.sortRentAsc': '租金低',
  'catalog.sortRentDesc': '租金高',
  'catalog.sortSales': '销量',
  'privacy.about.copied': '链接已复制，请在浏览器中打开',
  'notFound.title': '找不到这个页面',
  'notFound.path': '{path} 不存在或已移走',
  'notFound.home': '回到首页',
} as const;
