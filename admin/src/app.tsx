/**
 * Providers and routes. Every screen but the shell is lazy, so the first load carries React,
 * antd's core and the login form only.
 */
import {
  lazy,
  Suspense,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, Spin } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import type { Permission } from '../../contract/admin/permissions.ts';
import { ApiFailure } from './api.ts';
import { ME_KEY, SessionProvider, useSession } from './session.tsx';
import { LanguageProvider } from './i18n.tsx';
import { Shell } from './shell.tsx';

const LoginPage = lazy(() => import('./pages/login.tsx'));
const OrdersPage = lazy(() => import('./pages/orders.tsx'));
const OrderPage = lazy(() => import('./pages/order.tsx'));
const AuditPage = lazy(() => import('./pages/audit.tsx'));
const StaffPage = lazy(() => import('./pages/staff.tsx'));
const RiskRulesPage = lazy(() => import('./pages/risk-rules.tsx'));
const ComplaintsPage = lazy(() => import('./pages/complaints.tsx'));
const CollectionsPage = lazy(() => import('./pages/collections.tsx'));
const CollectionOrderPage = lazy(() => import('./pages/collection-order.tsx'));
const GoodsListPage = lazy(() => import('./pages/catalog-goods.tsx'));
const GoodsEditorPage = lazy(() => import('./pages/catalog-editor.tsx'));
const StockPage = lazy(() => import('./pages/catalog-stock.tsx'));
const ImportPage = lazy(() => import('./pages/catalog-import.tsx'));
const ReportsPage = lazy(() => import('./pages/reports.tsx'));
const ReconciliationPage = lazy(() => import('./pages/reconciliation.tsx'));
const HomeEditorPage = lazy(() => import('./pages/home.tsx'));
const DiscoveryPage = lazy(() => import('./pages/discovery.tsx'));
const CouponsPage = lazy(() => import('./pages/coupons.tsx'));

/**
 * A session that ended on the server (disabled, password reset, idle): the next call's 401 signs
 * the console out, and the guard sends it to the login page.
 */
const signedOutBy = (error: Error) => {
  if (error instanceof ApiFailure && error.status === 401) queryClient.setQueryData(ME_KEY, null);
};

const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: signedOutBy }),
  mutationCache: new MutationCache({ onError: signedOutBy }),
  defaultOptions: {
    queries: {
      // A refusal (4xx) is the answer: only network and server failures are tried again.
      retry: (count, error) =>
        count < 1 && !(error instanceof ApiFailure && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
      staleTime: 10_000,
    },
  },
});

const loading = (
  <div style={{ padding: 48, textAlign: 'center' }}>
    <Spin />
  </div>
);

function Guarded({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { session, loading: pending, can } = useSession();
  const location = useLocation();
  if (pending) return loading;
  if (!session || session.staff.mustChangePassword) {
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  }
  if (!can(permission)) return <Navigate to="/orders" replace />;
  return <>{children}</>;
}

/** Every signed-in screen: its address, the permission it needs, its lazy page. */
const SCREENS: {
  path: string;
  permission: Permission;
  Page: LazyExoticComponent<ComponentType>;
}[] = [
  { path: '/orders', permission: 'orders.read', Page: OrdersPage },
  { path: '/orders/:id', permission: 'orders.read', Page: OrderPage },
  { path: '/complaints', permission: 'complaints.handle', Page: ComplaintsPage },
  { path: '/collections', permission: 'collections.work', Page: CollectionsPage },
  { path: '/risk-rules', permission: 'risk.rules', Page: RiskRulesPage },
  { path: '/collections/:id', permission: 'collections.work', Page: CollectionOrderPage },
  { path: '/audit', permission: 'audit.read', Page: AuditPage },
  { path: '/reports', permission: 'reports.read', Page: ReportsPage },
  { path: '/reconciliation', permission: 'finance.reconcile', Page: ReconciliationPage },
  { path: '/home', permission: 'home.manage', Page: HomeEditorPage },
  { path: '/discovery', permission: 'home.manage', Page: DiscoveryPage },
  { path: '/coupons', permission: 'coupons.manage', Page: CouponsPage },
  { path: '/staff', permission: 'staff.manage', Page: StaffPage },
  { path: '/goods', permission: 'catalog.manage', Page: GoodsListPage },
  { path: '/goods/:id', permission: 'catalog.manage', Page: GoodsEditorPage },
  { path: '/stock/:id', permission: 'catalog.manage', Page: StockPage },
  { path: '/catalog-import', permission: 'catalog.manage', Page: ImportPage },
];

function ConsoleRoutes() {
  return (
    <Suspense fallback={loading}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route element={<Shell />}>
          {SCREENS.map(({ path, permission, Page }) => (
            <Route
              key={path}
              path={path}
              element={
                <Guarded permission={permission}>
                  <Page />
                </Guarded>
              }
            />
          ))}
        </Route>
        <Route path="*" element={<Navigate to="/orders" replace />} />
      </Routes>
    </Suspense>
  );
}

export function App() {
  return (
    <LanguageProvider>
      {(language) => {
        dayjs.locale(language === 'zh' ? 'zh-cn' : 'en');
        return (
          <ConfigProvider
            locale={language === 'zh' ? zhCN : enUS}
            button={{ autoInsertSpace: false }}
          >
            <AntApp>
              <QueryClientProvider client={queryClient}>
                <SessionProvider>
                  <BrowserRouter basename="/admin">
                    <ConsoleRoutes />
                  </BrowserRouter>
                </SessionProvider>
              </QueryClientProvider>
            </AntApp>
          </ConfigProvider>
        );
      }}
    </LanguageProvider>
  );
}
