/** The brand a page edits: the account's brands (every brand for an every-brand account). */
import { Select, Space, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { PLATFORM_IDS } from '../../contract/http.ts';
import { useText } from './i18n.tsx';
import { useSession } from './session.tsx';

export function useBrands(): number[] {
  const { session } = useSession();
  return session?.staff.allBrands ? [...PLATFORM_IDS] : (session?.staff.brands ?? []);
}

export function BrandPicker({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (brand: number) => void;
}) {
  const t = useText();
  const brands = useBrands();
  return (
    <Select<number>
      aria-label={t('品牌', 'Brand')}
      data-testid="brand-picker"
      style={{ minWidth: 140 }}
      value={value}
      onChange={onChange}
      options={brands.map((id) => ({ value: id, label: t(`品牌 ${id}`, `Brand ${id}`) }))}
    />
  );
}

/** The brand a page works on: the account's first until the user picks another. */
export function useChosenBrand(): [number | undefined, (brand: number) => void] {
  const brands = useBrands();
  const [platform, setPlatform] = useState<number | undefined>(brands[0]);
  return [platform, setPlatform];
}

/** A per-brand page's heading: its title, the brand picker, then the page's own buttons. */
export function BrandPageHeader({
  title,
  platform,
  onChange,
  children,
}: {
  title: string;
  platform: number | undefined;
  onChange: (brand: number) => void;
  children?: ReactNode;
}) {
  return (
    <Space>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      <BrandPicker value={platform} onChange={onChange} />
      {children}
    </Space>
  );
}

/**
 * A page of one brand's cards: the heading with the brand picker, then `children` for the brand
 * chosen (keyed by it, so they start afresh when it changes).
 */
export function BrandCardsPage({
  title,
  children,
}: {
  title: string;
  children: (platform: number) => ReactNode;
}) {
  const [platform, setPlatform] = useChosenBrand();
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <BrandPageHeader title={title} platform={platform} onChange={setPlatform} />
      {platform !== undefined && children(platform)}
    </Space>
  );
}

/** A file's bytes as base64 (the console's API takes JSON only). */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
