import TestUtils from '@tarojs/test-utils-react';
import { ShipmentForm } from './ConfirmShipment';

const testUtils = new TestUtils();
const COURIERS = [
  { code: 'SF', name: '顺丰速运', phone: '95338' },
  { code: 'JD', name: '京东快递', phone: '950616' },
];

afterEach(() => {
  testUtils.unmout();
});

function type(input: HTMLInputElement, value: string) {
  input.value = value;
  testUtils.fireEvent.input(input);
}

const errors = () => [...document.querySelectorAll('.form-field__error')].map((e) => e.textContent);
const submit = () =>
  testUtils.fireEvent.click(document.querySelector('.form-submit') as HTMLElement);
const waybill = () => document.querySelector('input[name="waybill"]') as HTMLInputElement;

async function settle() {
  for (let i = 0; i < 5; i += 1) await new Promise((done) => setTimeout(done, 0));
}

describe('ShipmentForm', () => {
  it('asks for a courier and a valid waybill inline, keeping what was typed', async () => {
    const sent: [string, string][] = [];
    await testUtils.mount(() => (
      <ShipmentForm couriers={COURIERS} onSubmit={async (c, w) => void sent.push([c, w])} />
    ));
    submit();
    await testUtils.queries.waitForQuerySelector('.form-field__error');
    expect(errors()).toEqual(['请选择快递公司', '运单号为6-30位字母或数字']);
    type(waybill(), 'SF-12');
    submit();
    await settle();
    expect(errors()).toEqual(['请选择快递公司', '运单号为6-30位字母或数字']);
    expect(waybill().value).toBe('SF-12');
    expect(sent).toEqual([]);
  });

  it('sends the courier code the server expects and the trimmed waybill', async () => {
    const sent: [string, string][] = [];
    await testUtils.mount(() => (
      <ShipmentForm couriers={COURIERS} onSubmit={async (c, w) => void sent.push([c, w])} />
    ));
    testUtils.fireEvent.click(
      [...document.querySelectorAll('[role="radio"]')].find((r) =>
        r.textContent?.includes('京东快递'),
      ) as HTMLElement,
    );
    type(waybill(), ' JD0012345678 ');
    submit();
    for (let i = 0; i < 50 && sent.length === 0; i += 1) await settle();
    expect(sent).toEqual([['jd', 'JD0012345678']]);
    expect(errors()).toEqual([]);
  });
});
