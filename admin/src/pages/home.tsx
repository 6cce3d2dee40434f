/**
 * A brand's home page (issue 37): its banners (picture upload with preview, link to goods, a
 * category, a storefront page or an allowed https page), its home tabs with their goods, and the
 * search box's hot words. The server checks every link against what the storefront can open;
 * a change shows on the storefront at once.
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Form,
  Image,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
  Upload,
} from 'antd';
import type {
  AdminBanner,
  AdminBannerLinkType,
  AdminHomeTab,
  BannerInput,
} from '../../../contract/admin/home.ts';
import type { UploadedImage } from '../../../contract/admin/images.ts';
import { api } from '../api.ts';
import { ErrorAlert } from '../error-alert.tsx';
import { BrandCardsPage, fileToBase64 } from '../brand-picker.tsx';
import { useText } from '../i18n.tsx';

type BannerValues = Omit<BannerInput, 'platform'>;

/** Where the banner leads: the field for its kind, with the pages and hosts the server allows. */
function BannerLinkField({ linkType }: { linkType: AdminBannerLinkType }) {
  const t = useText();
  const targets = useQuery({
    queryKey: ['banner-targets'],
    queryFn: () => api.get<{ pages: string[]; hosts: string[] }>('/home/banner-targets'),
  });
  return (
    <Form.Item
      label={
        linkType === 'goods'
          ? t('商品 ID', 'Goods id')
          : linkType === 'category'
            ? t('分类 ID', 'Category id')
            : linkType === 'page'
              ? t('页面路径', 'Page path')
              : t('网址', 'URL')
      }
      name="linkValue"
      extra={
        linkType === 'web'
          ? t(
              `允许的域名：${targets.data?.hosts.join('、') || '（未配置）'}`,
              `Allowed hosts: ${targets.data?.hosts.join(', ') || '(none configured)'}`,
            )
          : undefined
      }
      rules={[{ required: true }]}
    >
      {linkType === 'page' ? (
        <Select
          showSearch
          options={(targets.data?.pages ?? []).map((page) => ({ value: page, label: page }))}
        />
      ) : (
        <Input />
      )}
    </Form.Item>
  );
}

function BannerDialog({
  platform,
  banner,
  onClose,
}: {
  platform: number;
  banner: AdminBanner | null;
  onClose: () => void;
}) {
  const t = useText();
  const [form] = Form.useForm<BannerValues>();
  const client = useQueryClient();
  const image = Form.useWatch('image', form);
  const linkType = Form.useWatch('linkType', form);
  const upload = useMutation({
    mutationFn: async (file: File) =>
      api.post<UploadedImage>('/images', {
        platform,
        purpose: 'banner',
        data: await fileToBase64(file),
      }),
    onSuccess: (uploaded) => form.setFieldValue('image', uploaded.url),
  });
  const save = useMutation({
    mutationFn: (values: BannerValues) => {
      const body: BannerInput = { ...values, platform, linkValue: values.linkValue ?? '' };
      return banner
        ? api.put<AdminBanner>(`/home/banners/${banner.id}`, body)
        : api.post<AdminBanner>('/home/banners', body);
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['banners', platform] });
      onClose();
    },
  });
  const linkTypes: { value: AdminBannerLinkType; label: string }[] = [
    { value: 'none', label: t('不跳转', 'No link') },
    { value: 'goods', label: t('商品', 'Goods') },
    { value: 'category', label: t('分类', 'Category') },
    { value: 'page', label: t('商城页面', 'Storefront page') },
    { value: 'web', label: t('外部网页 (https)', 'Web page (https)') },
  ];
  const error = save.error ?? upload.error;
  return (
    <Modal
      open
      title={banner ? t('编辑轮播图', 'Edit banner') : t('新增轮播图', 'New banner')}
      okText={t('保存', 'Save')}
      cancelText={t('取消', 'Cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <ErrorAlert error={error} />
      <Form
        form={form}
        layout="vertical"
        initialValues={
          banner ?? {
            linkType: 'none',
            linkValue: '',
            sort: 0,
            enabled: true,
            title: '',
            image: '',
          }
        }
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item label={t('标题', 'Title')} name="title" rules={[{ required: true, max: 40 }]}>
          <Input />
        </Form.Item>
        <Form.Item
          label={t('图片（750×300，JPEG/PNG/WebP）', 'Picture (750×300, JPEG/PNG/WebP)')}
          name="image"
          rules={[{ required: true, message: t('请上传图片', 'Upload a picture') }]}
        >
          <Input readOnly aria-label={t('图片地址', 'Picture path')} />
        </Form.Item>
        <Space direction="vertical" style={{ marginBottom: 16 }}>
          <Upload
            accept="image/jpeg,image/png,image/webp"
            showUploadList={false}
            customRequest={({ file }) => {
              upload.mutate(file as File);
            }}
          >
            <Button loading={upload.isPending}>{t('上传图片', 'Upload picture')}</Button>
          </Upload>
          {image && (
            <Image
              data-testid="banner-preview"
              src={image}
              alt={t('预览', 'Preview')}
              width={375}
              height={150}
              style={{ objectFit: 'cover' }}
            />
          )}
        </Space>
        <Form.Item label={t('跳转', 'Link')} name="linkType">
          <Select options={linkTypes} />
        </Form.Item>
        {linkType && linkType !== 'none' && <BannerLinkField linkType={linkType} />}
        <Space>
          <Form.Item label={t('排序', 'Order')} name="sort">
            <InputNumber min={0} max={9999} />
          </Form.Item>
          <Form.Item label={t('启用', 'Shown')} name="enabled" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}

function Banners({ platform }: { platform: number }) {
  const t = useText();
  const client = useQueryClient();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<AdminBanner | 'new' | null>(null);
  const banners = useQuery({
    queryKey: ['banners', platform],
    queryFn: () => api.get<AdminBanner[]>('/home/banners', { platform }),
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete(`/home/banners/${id}`),
    onSuccess: () => {
      void message.success(t('已删除', 'Deleted'));
      void client.invalidateQueries({ queryKey: ['banners', platform] });
    },
  });
  return (
    <Card
      title={t('轮播图', 'Banners')}
      extra={
        <Button type="primary" onClick={() => setEditing('new')}>
          {t('新增轮播图', 'New banner')}
        </Button>
      }
    >
      {banners.error && <Alert type="error" showIcon message={banners.error.message} />}
      <Table<AdminBanner>
        rowKey="id"
        size="small"
        loading={banners.isPending}
        dataSource={banners.data ?? []}
        pagination={false}
        columns={[
          {
            title: t('图片', 'Picture'),
            dataIndex: 'image',
            render: (src: string) => (
              <Image src={src} width={150} height={60} style={{ objectFit: 'cover' }} />
            ),
          },
          { title: t('标题', 'Title'), dataIndex: 'title' },
          {
            title: t('跳转', 'Link'),
            render: (_, row) =>
              row.linkType === 'none' ? '—' : `${row.linkType}: ${row.linkValue}`,
          },
          { title: t('排序', 'Order'), dataIndex: 'sort' },
          {
            title: t('状态', 'State'),
            dataIndex: 'enabled',
            render: (enabled: boolean) =>
              enabled ? (
                <Tag color="green">{t('展示中', 'Shown')}</Tag>
              ) : (
                <Tag>{t('已隐藏', 'Hidden')}</Tag>
              ),
          },
          {
            title: t('操作', 'Actions'),
            render: (_, row) => (
              <Space>
                <Button size="small" onClick={() => setEditing(row)}>
                  {t('编辑', 'Edit')}
                </Button>
                <Popconfirm
                  title={t('删除这张轮播图？', 'Delete this banner?')}
                  okText={t('删除', 'Delete')}
                  cancelText={t('取消', 'Cancel')}
                  onConfirm={() => remove.mutate(row.id)}
                >
                  <Button size="small" danger>
                    {t('删除', 'Delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <BannerDialog
          platform={platform}
          banner={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}

/** Tabs as lines `name: id, id, …` — short to edit, and the server checks every id. */
function Tabs({ platform }: { platform: number }) {
  const t = useText();
  const client = useQueryClient();
  const { message } = App.useApp();
  const tabs = useQuery({
    queryKey: ['home-tabs', platform],
    queryFn: () => api.get<AdminHomeTab[]>('/home/tabs', { platform }),
  });
  const [draft, setDraft] = useState<string | null>(null);
  const text =
    draft ?? (tabs.data ?? []).map((tab) => `${tab.name}: ${tab.goodsIds.join(', ')}`).join('\n');
  const save = useMutation({
    mutationFn: () => {
      const existing = new Map((tabs.data ?? []).map((tab) => [tab.name, tab.id]));
      const lines = text.split('\n').filter((line) => line.trim());
      return api.put<AdminHomeTab[]>('/home/tabs', {
        platform,
        tabs: lines.map((line) => {
          const [name = '', ids = ''] = line.split(/[:：]/, 2);
          const id = existing.get(name.trim());
          return {
            ...(id ? { id } : {}),
            name: name.trim(),
            goodsIds: ids
              .split(/[,，\s]+/)
              .filter(Boolean)
              .map(Number),
          };
        }),
      });
    },
    onSuccess: () => {
      setDraft(null);
      void message.success(t('栏目已保存', 'Tabs saved'));
      void client.invalidateQueries({ queryKey: ['home-tabs', platform] });
    },
  });
  return (
    <Card title={t('首页栏目及商品', 'Home tabs and their goods')}>
      <Typography.Paragraph type="secondary">
        {t('每行一个栏目：栏目名: 商品ID, 商品ID…', 'One tab a line: name: goods id, goods id…')}
      </Typography.Paragraph>
      {save.error && <Alert type="error" showIcon role="alert" message={save.error.message} />}
      <Input.TextArea
        aria-label={t('栏目', 'Tabs')}
        rows={5}
        value={text}
        onChange={(event) => setDraft(event.target.value)}
      />
      <Button style={{ marginTop: 8 }} loading={save.isPending} onClick={() => save.mutate()}>
        {t('保存栏目', 'Save tabs')}
      </Button>
    </Card>
  );
}

function HotWords({ platform }: { platform: number }) {
  const t = useText();
  const { message } = App.useApp();
  const client = useQueryClient();
  const words = useQuery({
    queryKey: ['hot-words', platform],
    queryFn: () => api.get<{ words: string[] }>('/home/hot-words', { platform }),
  });
  const [draft, setDraft] = useState<string[] | null>(null);
  const save = useMutation({
    mutationFn: () =>
      api.put('/home/hot-words', { platform, words: draft ?? words.data?.words ?? [] }),
    onSuccess: () => {
      setDraft(null);
      void message.success(t('热词已保存', 'Hot words saved'));
      void client.invalidateQueries({ queryKey: ['hot-words', platform] });
    },
  });
  return (
    <Card title={t('搜索热词', 'Search hot words')}>
      {save.error && <Alert type="error" showIcon role="alert" message={save.error.message} />}
      <Select
        mode="tags"
        aria-label={t('搜索热词', 'Search hot words')}
        style={{ width: '100%' }}
        value={draft ?? words.data?.words ?? []}
        onChange={(value: string[]) => setDraft(value)}
      />
      <Button style={{ marginTop: 8 }} loading={save.isPending} onClick={() => save.mutate()}>
        {t('保存热词', 'Save hot words')}
      </Button>
    </Card>
  );
}

export default function HomeEditorPage() {
  const t = useText();
  return (
    <BrandCardsPage title={t('首页装修', 'Home page')}>
      {(platform) => (
        <>
          <Banners key={`b${platform}`} platform={platform} />
          <Tabs key={`t${platform}`} platform={platform} />
          <HotWords key={`h${platform}`} platform={platform} />
        </>
      )}
    </BrandCardsPage>
  );
}
