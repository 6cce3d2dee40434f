/**
 * Staff accounts (owners only): the list, a new account, changing an account's role and brands,
 * resetting its password (the one-time password shown once), disabling it. Every change asks
 * for a reason and a confirmation; the server checks the owner's brands and writes the log.
 */
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
  type UpdateStaffBody,
} from '../../../contract/admin/index.ts';
import { api } from '../api.ts';
import { ErrorAlert } from '../error-alert.tsx';
import { useBrands } from '../brand-picker.tsx';
import { useText } from '../i18n.tsx';
import { useSession } from '../session.tsx';
import { ROLE_LABELS } from '../shell.tsx';
import { brandName, type CreatedStaff, type PasswordReset, type StaffList } from '../types.ts';

type Text = ReturnType<typeof useText>;

const roleName = (t: Text, role: string) => {
  const pair = ROLE_LABELS[role];
  return pair ? t(...pair) : role;
};
const roleOptions = (t: Text) =>
  STAFF_ROLES.map((role) => ({ value: role, label: roleName(t, role) }));

/** What an account may do and for which brands: the same fields when made and when changed. */
interface AccessFields {
  role: StaffView['role'];
  allBrands?: boolean;
  brands?: number[];
}

/** The request's role and brands: every brand, or the brands ticked. */
const accessBody = (values: AccessFields) => ({
  role: values.role,
  ...(values.allBrands ? { allBrands: true } : { brands: values.brands ?? [] }),
});

/**
 * The role, and the brands among the signed-in owner's own (the 全部品牌 box only for an owner
 * of every brand, and the brands hidden while it is ticked). Inside the dialog's Form.
 */
function RoleAndBrandsFields() {
  const t = useText();
  const { session } = useSession();
  const own = useBrands();
  const allBrands = Form.useWatch('allBrands', Form.useFormInstance<AccessFields>());
  return (
    <>
      <Form.Item
        label={t('角色', 'Role')}
        name="role"
        rules={[{ required: true, message: t('请选择角色', 'Choose a role') }]}
      >
        <Select options={roleOptions(t)} />
      </Form.Item>
      {session?.staff.allBrands && (
        <Form.Item name="allBrands" valuePropName="checked">
          <Checkbox>{t('全部品牌', 'All brands')}</Checkbox>
        </Form.Item>
      )}
      {!allBrands && (
        <Form.Item
          label={t('品牌', 'Brands')}
          name="brands"
          rules={[{ required: true, message: t('至少选择一个品牌', 'Choose at least one brand') }]}
        >
          <Checkbox.Group options={own.map((id) => ({ value: id, label: brandName(id, t) }))} />
        </Form.Item>
      )}
    </>
  );
}

/** The reason every change to an account asks for (written to the log). */
function ReasonField({ label }: { label: string }) {
  return (
    <Form.Item label={label} name="reason" rules={[{ required: true, max: 200 }]}>
      <Input.TextArea rows={2} />
    </Form.Item>
  );
}

interface CreateValues extends AccessFields {
  login: string;
  displayName: string;
  password: string;
  totp?: boolean;
}

function CreateDialog({ onClose }: { onClose: () => void }) {
  const t = useText();
  const [form] = Form.useForm<CreateValues>();
  const client = useQueryClient();
  const [created, setCreated] = useState<CreatedStaff | null>(null);
  const create = useMutation({
    mutationFn: (values: CreateValues) => {
      const body: CreateStaffBody = {
        login: values.login.trim(),
        displayName: values.displayName.trim(),
        ...accessBody(values),
        password: values.password,
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
        title={t('账号已创建', 'Account created')}
        onOk={onClose}
        onCancel={onClose}
        cancelButtonProps={{ hidden: true }}
      >
        <Typography.Paragraph>
          {t(
            `请把两步验证地址交给 ${created.staff.login}（只显示这一次）：`,
            `Give this two-step verification address to ${created.staff.login} (shown only this once):`,
          )}
        </Typography.Paragraph>
        <Typography.Paragraph copyable code data-testid="totp-uri">
          {created.totpUri}
        </Typography.Paragraph>
      </Modal>
    );
  }
  return (
    <Modal
      open
      title={t('新建员工', 'New staff account')}
      okText={t('创建', 'Create')}
      cancelText={t('取消', 'Cancel')}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <ErrorAlert error={create.error} />
      <Form form={form} layout="vertical" onFinish={(values) => create.mutate(values)}>
        <Form.Item
          label={t('账号', 'Login')}
          name="login"
          rules={[
            {
              required: true,
              pattern: /^[a-z][a-z0-9._-]{2,31}$/,
              message: t(
                '小写字母开头，3-32 位小写字母、数字、._-',
                '3-32 lower-case letters, digits or ._-, starting with a letter',
              ),
            },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          label={t('姓名', 'Name')}
          name="displayName"
          rules={[{ required: true, max: 40 }]}
        >
          <Input />
        </Form.Item>
        <RoleAndBrandsFields />
        <Form.Item
          label={t('初始密码（首次登录须修改）', 'First password (changed at first login)')}
          name="password"
          rules={[
            { required: true },
            { min: 12, message: t('至少 12 位', 'At least 12 characters') },
            { max: 128 },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="totp" valuePropName="checked">
          <Checkbox>{t('开启两步验证（TOTP）', 'Two-step verification (TOTP)')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface AccessValues extends AccessFields {
  reason: string;
}

/** Role and brands: the account's open sessions act with the new ones from their next request. */
function AccessDialog({ staff, onClose }: { staff: StaffView; onClose: () => void }) {
  const t = useText();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<AccessValues>();
  const client = useQueryClient();
  const update = useMutation({
    mutationFn: (values: AccessValues) => {
      const body: UpdateStaffBody = { ...accessBody(values), reason: values.reason.trim() };
      return api.post(`/staff/${staff.id}/update`, body);
    },
    onSuccess: () => {
      void message.success(t(`已更新 ${staff.login}`, `${staff.login} updated`));
      void client.invalidateQueries({ queryKey: ['staff'] });
      onClose();
    },
  });
  const confirm = (values: AccessValues) =>
    modal.confirm({
      title: t('确认修改角色与品牌？', 'Change role and brands?'),
      content: t(
        `${staff.login} 已登录的会话立即按新的角色和品牌生效。`,
        `${staff.login}'s open sessions act with the new role and brands at once.`,
      ),
      okText: t('确认修改', 'Confirm change'),
      cancelText: t('取消', 'Cancel'),
      onOk: () => update.mutateAsync(values).catch(() => undefined),
    });
  return (
    <Modal
      open
      title={t(
        `修改角色与品牌：${staff.displayName}（${staff.login}）`,
        `Role and brands: ${staff.displayName} (${staff.login})`,
      )}
      okText={t('保存', 'Save')}
      cancelText={t('取消', 'Cancel')}
      confirmLoading={update.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <ErrorAlert error={update.error} />
      <Form
        form={form}
        layout="vertical"
        initialValues={{ role: staff.role, allBrands: staff.allBrands, brands: staff.brands }}
        onFinish={confirm}
      >
        <RoleAndBrandsFields />
        <ReasonField label={t('修改理由', 'Reason for the change')} />
      </Form>
    </Modal>
  );
}

/** A reason, then the one-time password, shown once. */
function ResetDialog({ staff, onClose }: { staff: StaffView; onClose: () => void }) {
  const t = useText();
  const [form] = Form.useForm<{ reason: string }>();
  const client = useQueryClient();
  const [done, setDone] = useState<PasswordReset | null>(null);
  const reset = useMutation({
    mutationFn: (reason: string) =>
      api.post<PasswordReset>(`/staff/${staff.id}/reset-password`, { reason }),
    onSuccess: (result) => {
      setDone(result);
      void client.invalidateQueries({ queryKey: ['staff'] });
    },
  });
  if (done) {
    return (
      <Modal
        open
        title={t('密码已重置', 'Password reset')}
        onOk={onClose}
        onCancel={onClose}
        okText={t('我已记下', 'I have noted it')}
        cancelButtonProps={{ hidden: true }}
        maskClosable={false}
      >
        <Typography.Paragraph>
          {t(
            `${staff.login} 的一次性密码（只显示这一次，首次登录须修改）：`,
            `${staff.login}'s one-time password (shown only this once; it must be changed at login):`,
          )}
        </Typography.Paragraph>
        <Typography.Paragraph copyable code data-testid="one-time-password">
          {done.password}
        </Typography.Paragraph>
      </Modal>
    );
  }
  return (
    <Modal
      open
      title={t(
        `重置密码：${staff.displayName}（${staff.login}）`,
        `Reset password: ${staff.displayName} (${staff.login})`,
      )}
      okText={t('确认重置', 'Confirm reset')}
      okButtonProps={{ danger: true }}
      cancelText={t('取消', 'Cancel')}
      confirmLoading={reset.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <ErrorAlert error={reset.error} />
      <Typography.Paragraph>
        {t(
          '重置后该账号的所有会话立即结束，须用一次性密码登录并设置新密码。',
          'All its sessions end at once; it signs in with the one-time password and sets a new one.',
        )}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={({ reason }) => reset.mutate(reason.trim())}>
        <ReasonField label={t('重置理由', 'Reason for the reset')} />
      </Form>
    </Modal>
  );
}

function DisableDialog({ staff, onClose }: { staff: StaffView; onClose: () => void }) {
  const t = useText();
  const [form] = Form.useForm<{ reason: string }>();
  const client = useQueryClient();
  const { message } = App.useApp();
  const disable = useMutation({
    mutationFn: (reason: string) => api.post(`/staff/${staff.id}/disable`, { reason }),
    onSuccess: () => {
      void message.success(t(`已停用 ${staff.login}`, `${staff.login} disabled`));
      void client.invalidateQueries({ queryKey: ['staff'] });
      onClose();
    },
  });
  return (
    <Modal
      open
      title={t(
        `停用 ${staff.displayName}（${staff.login}）`,
        `Disable ${staff.displayName} (${staff.login})`,
      )}
      okText={t('确认停用', 'Confirm disable')}
      okButtonProps={{ danger: true }}
      cancelText={t('取消', 'Cancel')}
      confirmLoading={disable.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <ErrorAlert error={disable.error} />
      <Typography.Paragraph>
        {t(
          '停用后该账号的会话和运维凭据立即失效。',
          'Its sessions and ops credentials stop at once.',
        )}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={({ reason }) => disable.mutate(reason.trim())}>
        <ReasonField label={t('停用理由', 'Reason for disabling')} />
      </Form>
    </Modal>
  );
}

type Dialog = { kind: 'access' | 'reset' | 'disable'; staff: StaffView };

export default function StaffPage() {
  const t = useText();
  const { session } = useSession();
  const [creating, setCreating] = useState(false);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const staff = useQuery({ queryKey: ['staff'], queryFn: () => api.get<StaffList>('/staff') });
  const close = () => setDialog(null);
  return (
    <section aria-label={t('员工', 'Staff')}>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('员工', 'Staff')}
        </Typography.Title>
        <Button type="primary" onClick={() => setCreating(true)}>
          {t('新建员工', 'New staff account')}
        </Button>
      </Space>
      {staff.error ? (
        <Alert
          type="error"
          showIcon
          message={t(
            `员工加载失败：${staff.error.message}`,
            `Staff could not be loaded: ${staff.error.message}`,
          )}
        />
      ) : (
        <Table<StaffView>
          rowKey="id"
          loading={staff.isFetching}
          dataSource={staff.data?.list}
          pagination={false}
          scroll={{ x: 900 }}
          columns={[
            { title: t('账号', 'Login'), dataIndex: 'login' },
            { title: t('姓名', 'Name'), dataIndex: 'displayName' },
            {
              title: t('角色', 'Role'),
              dataIndex: 'role',
              render: (role: string) => roleName(t, role),
            },
            {
              title: t('品牌', 'Brands'),
              key: 'brands',
              render: (_: unknown, row) =>
                row.allBrands
                  ? t('全部', 'All')
                  : row.brands.map((id) => brandName(id, t)).join(t('、', ', ')),
            },
            {
              title: t('两步验证', 'Two-step'),
              dataIndex: 'totp',
              render: (on: boolean) => (on ? t('已开启', 'On') : '—'),
            },
            {
              title: t('状态', 'State'),
              key: 'state',
              render: (_: unknown, row) =>
                row.disabled ? (
                  <Tag color="red">{t('已停用', 'Disabled')}</Tag>
                ) : row.mustChangePassword ? (
                  <Tag>{t('待改密码', 'Password to change')}</Tag>
                ) : (
                  <Tag color="green">{t('正常', 'Active')}</Tag>
                ),
            },
            {
              title: t('操作', 'Actions'),
              key: 'actions',
              render: (_: unknown, row) =>
                row.id === session?.staff.id ? null : (
                  <Space wrap size="small">
                    <Button size="small" onClick={() => setDialog({ kind: 'access', staff: row })}>
                      {t('角色与品牌', 'Role & brands')}
                    </Button>
                    <Button size="small" onClick={() => setDialog({ kind: 'reset', staff: row })}>
                      {t('重置密码', 'Reset password')}
                    </Button>
                    {!row.disabled && (
                      <Button
                        size="small"
                        danger
                        onClick={() => setDialog({ kind: 'disable', staff: row })}
                      >
                        {t('停用', 'Disable')}
                      </Button>
                    )}
                  </Space>
                ),
            },
          ]}
        />
      )}
      {creating && <CreateDialog onClose={() => setCreating(false)} />}
      {dialog?.kind === 'access' && <AccessDialog staff={dialog.staff} onClose={close} />}
      {dialog?.kind === 'reset' && <ResetDialog staff={dialog.staff} onClose={close} />}
      {dialog?.kind === 'disable' && <DisableDialog staff={dialog.staff} onClose={close} />}
    </section>
  );
}
