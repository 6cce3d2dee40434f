/** The brand a page edits: the account's brands (every brand for an every-brand account). */
import { Select } from 'antd';
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

/** A file's bytes as base64 (the console's API takes JSON only). */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
