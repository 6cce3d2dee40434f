/** The frame around every signed-in screen: the menu (only what the role may open) and the account. */
import { Button, Layout, Menu, Segmented, Space, Tag, Typography } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useSession } from './session.tsx';

export type Language = 'zh' | 'en';

const ROLE_LABELS: Record<string, string> = {
  owner: '店主',
  risk: '风控',
  operator: '运营',
  finance: '财务',
  service: '客服',
  viewer: '只读',
};

export function Shell({
  language,
  setLanguage,
}: {
  language: Language;
  setLanguage: (language: Language) => void;
}) {
  const { session, can, signOut } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const items = [
    can('orders.read') ? { key: '/orders', label: '订单' } : null,
    can('audit.read') ? { key: '/audit', label: '操作日志' } : null,
    can('staff.manage') ? { key: '/staff', label: '员工' } : null,
  ].filter((item): item is { key: string; label: string } => item !== null);
  const selected = items.find((item) => location.pathname.startsWith(item.key))?.key;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider breakpoint="lg" collapsedWidth={0} theme="light" width={180}>
        <Typography.Title level={5} style={{ padding: '16px 24px', margin: 0 }}>
          商家后台
        </Typography.Title>
        <nav aria-label="主菜单">
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
              aria-label="界面语言"
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
                <Tag>{ROLE_LABELS[session.staff.role] ?? session.staff.role}</Tag>
              </span>
            )}
            <Button
              onClick={() => {
                void signOut().finally(() => navigate('/login'));
              }}
            >
              退出
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
