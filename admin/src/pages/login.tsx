/** Login (password, optional TOTP code), then the forced password change of a first login. */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import type { AdminLoginBody } from '../../../contract/admin/index.ts';
import { api } from '../api.ts';
import { ME_KEY, useSession } from '../session.tsx';
import type { Session } from '../types.ts';

function ChangePassword({ onDone }: { onDone: () => void }) {
  const [form] = Form.useForm<{ currentPassword: string; newPassword: string; repeat: string }>();
  const change = useMutation({
    mutationFn: (values: { currentPassword: string; newPassword: string }) =>
      api.post<null>('/password', values),
    onSuccess: onDone,
  });
  return (
    <>
      <Typography.Paragraph>首次登录请设置新密码（至少 12 位）。</Typography.Paragraph>
      {change.error && <Alert type="error" showIcon message={change.error.message} />}
      <Form
        form={form}
        layout="vertical"
        onFinish={({ currentPassword, newPassword }) =>
          change.mutate({ currentPassword, newPassword })
        }
      >
        <Form.Item label="当前密码" name="currentPassword" rules={[{ required: true }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label="新密码"
          name="newPassword"
          rules={[{ required: true }, { min: 12, message: '至少 12 位' }, { max: 128 }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="再次输入新密码"
          name="repeat"
          dependencies={['newPassword']}
          rules={[
            { required: true },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                value === getFieldValue('newPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error('两次输入不一致')),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={change.isPending}>
          修改密码
        </Button>
      </Form>
    </>
  );
}

export default function LoginPage() {
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
      <Card title="商家后台登录" style={{ width: 400, maxWidth: '100%' }}>
        {session?.staff.mustChangePassword ? (
          <ChangePassword
            onDone={() => {
              setChanged(true);
              void client.invalidateQueries({ queryKey: ME_KEY }).then(() => navigate(from));
            }}
          />
        ) : (
          <main>
            {changed && <Alert type="success" message="密码已修改" />}
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
                label="账号"
                name="login"
                rules={[{ required: true, message: '请输入账号' }]}
              >
                <Input autoFocus autoComplete="username" />
              </Form.Item>
              <Form.Item
                label="密码"
                name="password"
                rules={[{ required: true, message: '请输入密码' }]}
              >
                <Input.Password autoComplete="current-password" />
              </Form.Item>
              <Form.Item
                label="动态验证码（已开启两步验证时填写）"
                name="totp"
                rules={[{ pattern: /^[0-9]{6}$/, message: '6 位数字' }]}
              >
                <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
              </Form.Item>
              <Button type="primary" htmlType="submit" block loading={login.isPending}>
                登录
              </Button>
            </Form>
          </main>
        )}
      </Card>
    </div>
  );
}
