/**
 * Providers and routes. Every screen but the shell is lazy, so the first load carries React,
 * antd's core and the login form only.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, Spin } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import type { Permission } from '../../contract/admin/permissions.ts';
import { ApiFailure } from './api.ts';
import { SessionProvider, useSession } from './session.tsx';
import { LanguageProvider } from './i18n.tsx';
import { Shell } from './shell.tsx';

const LoginPage = lazy(() => import('./pages/login.tsx'));
const OrdersPage = lazy(() => import('./pages/orders.tsx'));
const OrderPage = lazy(() => import('./pages/order.tsx'));
const AuditPage = lazy(() => import('./pages/audit.tsx'));
const StaffPage = lazy(() => import('./pages/staff.tsx'));
const HomeEditorPage = lazy(() => import('./pages/home.tsx'));
const CouponsPage = lazy(() => import('./pages/coupons.tsx'));

const queryClient = new QueryClient({
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

function ConsoleRoutes() {
  return (
    <Suspense fallback={loading}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route element={<Shell />}>
          <Route
            path="/orders"
            element={
              <Guarded permission="orders.read">
                <OrdersPage />
              </Guarded>
            }
          />
          <Route
            path="/orders/:id"
            element={
              <Guarded permission="orders.read">
                <OrderPage />
              </Guarded>
            }
          />
          <Route
            path="/audit"
            element={
              <Guarded permission="audit.read">
                <AuditPage />
              </Guarded>
            }
          />
          <Route
            path="/home"
            element={
              <Guarded permission="home.manage">
                <HomeEditorPage />
              </Guarded>
            }
          />
          <Route
            path="/coupons"
            element={
              <Guarded permission="coupons.manage">
                <CouponsPage />
              </Guarded>
            }
          />
          <Route
            path="/staff"
            element={
              <Guarded permission="staff.manage">
                <StaffPage />
              </Guarded>
            }
          />
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
