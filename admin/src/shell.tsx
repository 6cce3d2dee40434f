/** The frame around every signed-in screen: the menu (only what the role may open) and the account. */
import { Button, Layout, Menu, Segmented, Space, Tag, Typography } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
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

export function Shell() {
  const { session, can, signOut } = useSession();
  const { language, setLanguage } = useLanguage();
  const t = useText();
  const navigate = useNavigate();
  const location = useLocation();
  const items = [
    can('orders.read') ? { key: '/orders', label: t('订单', 'Orders') } : null,
    can('home.manage') ? { key: '/home', label: t('首页装修', 'Home page') } : null,
    can('coupons.manage') ? { key: '/coupons', label: t('优惠券', 'Coupons') } : null,
    can('audit.read') ? { key: '/audit', label: t('操作日志', 'Audit log') } : null,
    can('staff.manage') ? { key: '/staff', label: t('员工', 'Staff') } : null,
  ].filter((item): item is { key: string; label: string } => item !== null);
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
