/** Login (password, optional TOTP code), then the forced password change of a first login. */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Segmented, Typography } from 'antd';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import type { AdminLoginBody } from '../../../contract/admin/index.ts';
import { api } from '../api.ts';
import { useLanguage, useText, type Language } from '../i18n.tsx';
import { ME_KEY, useSession } from '../session.tsx';
import type { Session } from '../types.ts';

function ChangePassword({ onDone }: { onDone: () => void }) {
  const t = useText();
  const [form] = Form.useForm<{ currentPassword: string; newPassword: string; repeat: string }>();
  const change = useMutation({
    mutationFn: (values: { currentPassword: string; newPassword: string }) =>
      api.post<null>('/password', values),
    onSuccess: onDone,
  });
  return (
    <>
      <Typography.Paragraph>
        {t(
          '首次登录请设置新密码（至少 12 位）。',
          'Set a new password for your first sign-in (at least 12 characters).',
        )}
      </Typography.Paragraph>
      {change.error && <Alert type="error" showIcon message={change.error.message} />}
      <Form
        form={form}
        layout="vertical"
        onFinish={({ currentPassword, newPassword }) =>
          change.mutate({ currentPassword, newPassword })
        }
      >
        <Form.Item
          label={t('当前密码', 'Current password')}
          name="currentPassword"
          rules={[{ required: true }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label={t('新密码', 'New password')}
          name="newPassword"
          rules={[
            { required: true },
            { min: 12, message: t('至少 12 位', 'At least 12 characters') },
            { max: 128 },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label={t('再次输入新密码', 'New password again')}
          name="repeat"
          dependencies={['newPassword']}
          rules={[
            { required: true },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                value === getFieldValue('newPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('两次输入不一致', 'The two entries differ'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={change.isPending}>
          {t('修改密码', 'Change password')}
        </Button>
      </Form>
    </>
  );
}

export default function LoginPage() {
  const t = useText();
  const { language, setLanguage } = useLanguage();
  const { session, signedIn } = useSession();
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from ?? '/orders';
  const login = useMutation({
    mutationFn: (body: AdminLoginBody) => api.post<Session>('/login', body),
    onSuccess: signedIn,
  });
  const [changed, setChanged] = useState(false);
  if (session && !session.staff.mustChangePassword) return <Navigate to={from} replace />;
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: '10vh 16px' }}>
      <Card
        title={t('商家后台登录', 'Merchant console sign-in')}
        extra={
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
        }
        style={{ width: 400, maxWidth: '100%' }}
      >
        {session?.staff.mustChangePassword ? (
          <ChangePassword
            onDone={() => {
              setChanged(true);
              void client.invalidateQueries({ queryKey: ME_KEY }).then(() => navigate(from));
            }}
          />
        ) : (
          <main>
            {changed && <Alert type="success" message={t('密码已修改', 'Password changed')} />}
            {login.error && (
              <Alert type="error" showIcon message={login.error.message} role="alert" />
            )}
            <Form<{ login: string; password: string; totp?: string }>
              layout="vertical"
              onFinish={({ login: name, password, totp }) =>
                login.mutate({ login: name, password, ...(totp ? { totp } : {}) })
              }
            >
              <Form.Item
                label={t('账号', 'Login')}
                name="login"
                rules={[{ required: true, message: t('请输入账号', 'Enter your login') }]}
              >
                <Input autoFocus autoComplete="username" />
              </Form.Item>
              <Form.Item
                label={t('密码', 'Password')}
                name="password"
                rules={[{ required: true, message: t('请输入密码', 'Enter your password') }]}
              >
                <Input.Password autoComplete="current-password" />
              </Form.Item>
              <Form.Item
                label={t(
                  '动态验证码（已开启两步验证时填写）',
                  'Verification code (with two-step verification)',
                )}
                name="totp"
                rules={[{ pattern: /^[0-9]{6}$/, message: t('6 位数字', '6 digits') }]}
              >
                <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
              </Form.Item>
              <Button type="primary" htmlType="submit" block loading={login.isPending}>
                {t('登录', 'Sign in')}
              </Button>
            </Form>
          </main>
        )}
      </Card>
    </div>
  );
}
