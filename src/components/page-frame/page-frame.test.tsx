import Taro from '@tarojs/taro';
import { Current } from '@tarojs/runtime';
import TestUtils from '@tarojs/test-utils-react';
import { Text } from '@tarojs/components';
import { useBrandStore } from '@/stores/brand';
import { definePage, PageFrame, type PageBodyProps } from './index';

const testUtils = new TestUtils();

function pages(depth: number) {
  return Array.from({ length: depth }, () => ({}) as Taro.Page);
}

beforeEach(() => {
  jest.restoreAllMocks();
  useBrandStore.getState().setBrandId(1);
});

afterEach(() => {
  testUtils.unmout();
});

describe('PageFrame', () => {
  it('draws its children inside the width-limited content area in the brand colour', async () => {
    useBrandStore.getState().setBrandId(6);
    await testUtils.mount(() => (
      <PageFrame route="pages/myOrder/myOrder">
        <Text>订单列表</Text>
      </PageFrame>
    ));
    const frame = document.querySelector('.page-frame') as HTMLElement;
    expect(frame.getAttribute('style')).toContain('--brand-color: #0F766E');
    expect(frame.querySelector('.page-frame__content')?.textContent).toContain('订单列表');
  });

  it('puts the page body, not the navigation bar, in the main landmark', async () => {
    await testUtils.mount(() => (
      <PageFrame route="pages/myOrder/myOrder">
        <Text>订单列表</Text>
      </PageFrame>
    ));
    const main = document.querySelectorAll('[role="main"]');
    expect(main).toHaveLength(1);
    expect(main[0].textContent).toContain('订单列表');
    expect(main[0].querySelector('.nav-bar')).toBeNull();
  });

  it('shows the page title in the navigation bar (H5 has no native one)', async () => {
    await testUtils.mount(() => <PageFrame route="pages/myOrder/myOrder" />);
    expect(document.querySelector('.nav-bar__title')?.textContent).toBe('我的订单');
  });

  it('gives tab pages no back button and other pages one', async () => {
    await testUtils.mount(() => <PageFrame route="pages/user/user" />);
    expect(document.querySelector('.nav-bar__title')?.textContent).toBe('我的');
    expect(document.querySelector('.nav-bar__back')).toBeNull();
    testUtils.unmout();
    await testUtils.mount(() => <PageFrame route="pages/alipay/aliPay" />);
    expect(document.querySelector('.nav-bar__back')?.getAttribute('aria-label')).toBe('返回');
  });
});

describe('NavBar back button', () => {
  it('goes back when there is a page to go back to', async () => {
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue(pages(2));
    const back = jest.spyOn(Taro, 'navigateBack').mockResolvedValue({ errMsg: 'ok' });
    const relaunch = jest.spyOn(Taro, 'reLaunch').mockResolvedValue({ errMsg: 'ok' });
    await testUtils.mount(() => <PageFrame route="pages/orderDetail/orderDetail" />);
    testUtils.fireEvent.click(document.querySelector('.nav-bar__back') as Element);
    expect(back).toHaveBeenCalledWith({ delta: 1 });
    expect(relaunch).not.toHaveBeenCalled();
  });

  it('goes home when the page was opened directly', async () => {
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue(pages(1));
    const back = jest.spyOn(Taro, 'navigateBack').mockResolvedValue({ errMsg: 'ok' });
    const relaunch = jest.spyOn(Taro, 'reLaunch').mockResolvedValue({ errMsg: 'ok' });
    await testUtils.mount(() => <PageFrame route="pages/orderDetail/orderDetail" />);
    testUtils.fireEvent.click(document.querySelector('.nav-bar__back') as Element);
    expect(relaunch).toHaveBeenCalledWith({ url: '/pages/home/home' });
    expect(back).not.toHaveBeenCalled();
  });
});

describe('definePage', () => {
  it('hands the decoded route query to the page body, without Taro internals', async () => {
    // What the router holds after opening /pages/orderDetail/orderDetail?id=12&name=张三&bad=%ZZ
    Current.router = {
      params: {
        id: '12',
        name: '%E5%BC%A0%E4%B8%89',
        bad: '%ZZ',
        stamp: 'AA',
        $taroTimestamp: '1',
      },
      path: '/pages/orderDetail/orderDetail',
      onReady: '',
      onHide: '',
      onShow: '',
    } as unknown as typeof Current.router;
    let received: PageBodyProps | undefined;
    const Page = definePage('pages/orderDetail/orderDetail', (props) => {
      received = props;
      return <Text>详情</Text>;
    });
    await testUtils.mount(Page);
    expect(received).toEqual({
      route: 'pages/orderDetail/orderDetail',
      params: { id: '12', name: '张三', bad: '%ZZ' },
    });
    expect(document.querySelector('.nav-bar__title')?.textContent).toBe('订单详情');
  });
});
