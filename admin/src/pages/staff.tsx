/** Staff accounts (owners only): the list, a new account, disabling one with a reason. */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import {
  STAFF_ROLES,
  type CreateStaffBody,
  type StaffView,
} from '../../../contract/admin/index.ts';
import { api } from '../api.ts';
import { useSession } from '../session.tsx';
import type { CreatedStaff, StaffList } from '../types.ts';

const ROLE_LABELS: Record<string, string> = {
  owner: '店主',
  risk: '风控',
  operator: '运营',
  finance: '财务',
  service: '客服',
  viewer: '只读',
};

interface CreateValues {
  login: string;
  displayName: string;
  role: CreateStaffBody['role'];
  brands?: number[];
  allBrands?: boolean;
  password: string;
  totp?: boolean;
}

function CreateDialog({ onClose }: { onClose: () => void }) {
  const { session } = useSession();
  const [form] = Form.useForm<CreateValues>();
  const client = useQueryClient();
  const [created, setCreated] = useState<CreatedStaff | null>(null);
  const allBrands = Form.useWatch('allBrands', form);
  const brands = session?.staff.allBrands
    ? [1, 2, 3, 4, 5, 6, 7, 8, 9]
    : (session?.staff.brands ?? []);
  const create = useMutation({
    mutationFn: (values: CreateValues) => {
      const body: CreateStaffBody = {
        login: values.login.trim(),
        displayName: values.displayName.trim(),
        role: values.role,
        password: values.password,
        ...(values.allBrands ? { allBrands: true } : { brands: values.brands ?? [] }),
        ...(values.totp ? { totp: true } : {}),
      };
      return api.post<CreatedStaff>('/staff', body);
    },
    onSuccess: (result) => {
      void client.invalidateQueries({ queryKey: ['staff'] });
      if (result.totpUri) setCreated(result);
      else onClose();
    },
  });
  if (created) {
    return (
      <Modal
        open
        title="账号已创建"
        onOk={onClose}
        onCancel={onClose}
        cancelButtonProps={{ hidden: true }}
      >
        <Typography.Paragraph>
          请把两步验证地址交给 {created.staff.login}（只显示这一次）：
        </Typography.Paragraph>
        <Typography.Paragraph copyable code>
          {created.totpUri}
        </Typography.Paragraph>
      </Modal>
    );
  }
  return (
    <Modal
      open
      title="新建员工"
      okText="创建"
      cancelText="取消"
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      {create.error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={create.error.message}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form form={form} layout="vertical" onFinish={(values) => create.mutate(values)}>
        <Form.Item
          label="账号"
          name="login"
          rules={[
            {
              required: true,
              pattern: /^[a-z][a-z0-9._-]{2,31}$/,
              message: '小写字母开头，3-32 位小写字母、数字、._-',
            },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="姓名" name="displayName" rules={[{ required: true, max: 40 }]}>
          <Input />
        </Form.Item>
        <Form.Item label="角色" name="role" rules={[{ required: true, message: '请选择角色' }]}>
          <Select
            options={STAFF_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] ?? role }))}
          />
        </Form.Item>
        {session?.staff.allBrands && (
          <Form.Item name="allBrands" valuePropName="checked">
            <Checkbox>全部品牌</Checkbox>
          </Form.Item>
        )}
        {!allBrands && (
          <Form.Item
            label="品牌"
            name="brands"
            rules={[{ required: true, message: '至少选择一个品牌' }]}
          >
            <Checkbox.Group options={brands.map((id) => ({ value: id, label: `品牌 ${id}` }))} />
          </Form.Item>
        )}
        <Form.Item
          label="初始密码（首次登录须修改）"
          name="password"
          rules={[{ required: true }, { min: 12, message: '至少 12 位' }, { max: 128 }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="totp" valuePropName="checked">
          <Checkbox>开启两步验证（TOTP）</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}

function DisableDialog({ staff, onClose }: { staff: StaffView; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const client = useQueryClient();
  const { message } = App.useApp();
  const disable = useMutation({
    mutationFn: (reason: string) => api.post(`/staff/${staff.id}/disable`, { reason }),
    onSuccess: () => {
      void message.success(`已停用 ${staff.login}`);
      void client.invalidateQueries({ queryKey: ['staff'] });
      onClose();
    },
  });
  return (
    <Modal
      open
      title={`停用 ${staff.displayName}（${staff.login}）`}
      okText="确认停用"
      okButtonProps={{ danger: true }}
      cancelText="取消"
      confirmLoading={disable.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      {disable.error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={disable.error.message}
          style={{ marginBottom: 16 }}
        />
      )}
      <Typography.Paragraph>停用后该账号的会话和运维凭据立即失效。</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={({ reason }) => disable.mutate(reason.trim())}>
        <Form.Item label="停用理由" name="reason" rules={[{ required: true, max: 200 }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function StaffPage() {
  const { session } = useSession();
  const [creating, setCreating] = useState(false);
  const [disabling, setDisabling] = useState<StaffView | null>(null);
  const staff = useQuery({ queryKey: ['staff'], queryFn: () => api.get<StaffList>('/staff') });
  return (
    <section aria-label="员工">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          员工
        </Typography.Title>
        <Button type="primary" onClick={() => setCreating(true)}>
          新建员工
        </Button>
      </Space>
      {staff.error ? (
        <Alert type="error" showIcon message={`员工加载失败：${staff.error.message}`} />
      ) : (
        <Table<StaffView>
          rowKey="id"
          loading={staff.isFetching}
          dataSource={staff.data?.list}
          pagination={false}
          scroll={{ x: 800 }}
          columns={[
            { title: '账号', dataIndex: 'login' },
            { title: '姓名', dataIndex: 'displayName' },
            {
              title: '角色',
              dataIndex: 'role',
              render: (role: string) => ROLE_LABELS[role] ?? role,
            },
            {
              title: '品牌',
              key: 'brands',
              render: (_: unknown, row) => (row.allBrands ? '全部' : row.brands.join('、')),
            },
            {
              title: '两步验证',
              dataIndex: 'totp',
              render: (on: boolean) => (on ? '已开启' : '—'),
            },
            {
              title: '状态',
              key: 'state',
              render: (_: unknown, row) =>
                row.disabled ? (
                  <Tag color="red">已停用</Tag>
                ) : row.mustChangePassword ? (
                  <Tag>待改密码</Tag>
                ) : (
                  <Tag color="green">正常</Tag>
                ),
            },
            {
              title: '操作',
              key: 'actions',
              render: (_: unknown, row) =>
                row.disabled || row.id === session?.staff.id ? null : (
                  <Button size="small" danger onClick={() => setDisabling(row)}>
                    停用
                  </Button>
                ),
            },
          ]}
        />
      )}
      {creating && <CreateDialog onClose={() => setCreating(false)} />}
      {disabling && <DisableDialog staff={disabling} onClose={() => setDisabling(null)} />}
    </section>
  );
}
