/** The frame around every signed-in screen: the menu (only what the role may open) and the account. */
import { Button, Layout, Menu, Segmented, Space, Tag, Typography } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import type { Permission } from '../../contract/admin/permissions.ts';
import { useLanguage, useText, type Language } from './i18n.tsx';
import { useSession } from './session.tsx';

/** Each role's name in both languages (the staff screen uses it too). */
export const ROLE_LABELS: Record<string, [zh: string, en: string]> = {
  owner: ['店主', 'Owner'],
  risk: ['风控', 'Risk'],
  operator: ['运营', 'Operator'],
  finance: ['财务', 'Finance'],
  service: ['客服', 'Service'],
  viewer: ['只读', 'Viewer'],
};

/** The menu, in order: each screen's address, the permission it needs, its name. */
const MENU: [key: string, permission: Permission, zh: string, en: string][] = [
  ['/orders', 'orders.read', '订单', 'Orders'],
  ['/home', 'home.manage', '首页装修', 'Home page'],
  ['/discovery', 'home.manage', '常见问题与商品列表', 'Help and goods lists'],
  ['/coupons', 'coupons.manage', '优惠券', 'Coupons'],
  ['/complaints', 'complaints.handle', '投诉与反馈', 'Complaints'],
  ['/risk-rules', 'risk.rules', '风控规则', 'Risk rules'],
  ['/collections', 'collections.work', '逾期催收', 'Collections'],
  ['/goods', 'catalog.manage', '商品', 'Goods'],
  ['/catalog-import', 'catalog.manage', '批量导入导出', 'Import / export'],
  ['/reports', 'reports.read', '报表', 'Reports'],
  ['/reconciliation', 'finance.reconcile', '对账', 'Reconciliation'],
  ['/audit', 'audit.read', '操作日志', 'Audit log'],
  ['/staff', 'staff.manage', '员工', 'Staff'],
];

export function Shell() {
  const { session, can, signOut } = useSession();
  const { language, setLanguage } = useLanguage();
  const t = useText();
  const navigate = useNavigate();
  const location = useLocation();
  const items = MENU.filter(([, permission]) => can(permission)).map(([key, , zh, en]) => ({
    key,
    label: t(zh, en),
  }));
  const roleLabel = (role: string) => {
    const pair = ROLE_LABELS[role];
    return pair ? t(...pair) : role;
  };
  const selected = items.find((item) => location.pathname.startsWith(item.key))?.key;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider breakpoint="lg" collapsedWidth={0} theme="light" width={180}>
        <Typography.Title level={5} style={{ padding: '16px 24px', margin: 0 }}>
          {t('商家后台', 'Merchant console')}
        </Typography.Title>
        <nav aria-label={t('主菜单', 'Main menu')}>
          <Menu
            mode="inline"
            selectedKeys={selected ? [selected] : []}
            items={items}
            onClick={({ key }) => navigate(key)}
          />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            padding: '0 24px',
            display: 'flex',
            justifyContent: 'flex-end',
            alignItems: 'center',
          }}
        >
          <Space wrap>
            <Segmented<Language>
              aria-label={t('界面语言', 'Language')}
              size="small"
              value={language}
              onChange={setLanguage}
              options={[
                { label: '中文', value: 'zh' },
                { label: 'English', value: 'en' },
              ]}
            />
            {session && (
              <span data-testid="signed-in-as">
                {session.staff.displayName} ({session.staff.login}){' '}
                <Tag>{roleLabel(session.staff.role)}</Tag>
              </span>
            )}
            <Button
              onClick={() => {
                void signOut().finally(() => navigate('/login'));
              }}
            >
              {t('退出', 'Sign out')}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: 24, minWidth: 0 }}>
          <main>
            <Outlet />
          </main>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
