import TestUtils from '@tarojs/test-utils-react';
import { Text, View } from '@tarojs/components';
import { useState } from 'react';
import type { Envelope, Page } from '../../../contract/http';
import { PagedList, usePagedList, type PagedListState } from './index';

const testUtils = new TestUtils();

interface Row {
  id: number;
  name: string;
}

/**
 * A paging source behaving like the server's `Page<T>` routes: `total` rows, pages of
 * `pageSize`, failures on demand, and replies released when the test says so.
 */
function source(total: number) {
  const rows: Row[] = Array.from({ length: total }, (_, i) => ({
    id: i + 1,
    name: `商品${i + 1}`,
  }));
  const calls: number[] = [];
  const failing = new Set<number>();
  let hold = false;
  const held: (() => void)[] = [];
  const fetchPage = (pageNum: number, pageSize: number) => {
    calls.push(pageNum);
    const reply = (): Envelope<Page<Row> | null> =>
      failing.has(pageNum)
        ? { code: 500, msg: '服务繁忙', data: null }
        : {
            code: 200,
            msg: 'success',
            data: {
              list: rows.slice((pageNum - 1) * pageSize, pageNum * pageSize),
              total: rows.length,
              pageNum,
              pageSize,
            },
          };
    if (!hold) return Promise.resolve(reply());
    return new Promise<Envelope<Page<Row> | null>>((resolve) => held.push(() => resolve(reply())));
  };
  return {
    rows,
    calls,
    failing,
    fetchPage,
    holdReplies: () => (hold = true),
    releaseAll: async () => {
      hold = false;
      await testUtils.act(async () => {
        held.splice(0).forEach((release) => release());
        await Promise.resolve();
      });
    },
  };
}

let latest: PagedListState<Row> | undefined;
const hidden = () => Promise.resolve(false);

function Harness({
  src,
  visible = hidden,
}: {
  src: ReturnType<typeof source>;
  visible?: (id: string) => Promise<boolean>;
}) {
  const [keyword, setKeyword] = useState('a');
  const list = usePagedList<Row>({ fetchPage: src.fetchPage, pageSize: 4, deps: [keyword] });
  latest = list;
  return (
    <View>
      <View className="switch" onClick={() => setKeyword('b')} />
      <PagedList
        list={list}
        layout="rows"
        keyOf={(row) => row.id}
        renderItem={(row) => <Text className="row">{row.name}</Text>}
        empty={{ title: '没有找到商品' }}
        isFooterVisible={visible}
      />
    </View>
  );
}

const rowNames = () => Array.from(document.querySelectorAll('.row'), (el) => el.textContent);
const text = () => document.body.textContent ?? '';

async function settle() {
  // Replies resolve in microtasks; a macrotask turn lets React commit what they set, and on H5
  // each further turn draws the next slice of a page's items (useRevealedCount). act() renders
  // what a turn set when it ends, so one act per turn.
  for (let i = 0; i < 8; i += 1) {
    await testUtils.act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

afterEach(() => {
  testUtils.unmout();
  latest = undefined;
  jest.useRealTimers();
});

describe('PagedList', () => {
  it('shows a skeleton, then the first page with a loading footer while more remain', async () => {
    const src = source(10);
    src.holdReplies();
    await testUtils.mount(() => <Harness src={src} />);
    expect(document.querySelector('.skeleton')).not.toBeNull();
    await src.releaseAll();
    // H5 draws a page a slice per task: the first slice with the reply, the footer after the last.
    expect(rowNames()).toEqual(['商品1', '商品2']);
    expect(document.querySelector('.skeleton')).toBeNull();
    expect(text()).not.toContain('加载中');
    await settle();
    expect(rowNames()).toEqual(['商品1', '商品2', '商品3', '商品4']);
    expect(text()).toContain('加载中');
  });

  it('does not page on while a page is still being drawn under a footer that shows', async () => {
    const src = source(10);
    const checks: number[] = [];
    const visible = () => {
      checks.push(document.querySelectorAll('.row').length);
      return Promise.resolve(false);
    };
    await testUtils.mount(() => <Harness src={src} visible={visible} />);
    await settle();
    // The footer is looked at only once the whole first page is drawn, never under a slice.
    expect(checks).toEqual([4]);
    expect(src.calls).toEqual([1]);
  });

  it('pages on reach-bottom until the total is reached, then says there is no more', async () => {
    const src = source(10);
    await testUtils.mount(() => <Harness src={src} />);
    await settle();
    await testUtils.act(async () => latest!.onReachBottom());
    await settle();
    expect(rowNames()).toHaveLength(8);
    // The throttle window (350 ms) lets the next trigger through only after it.
    await testUtils.act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      latest!.onReachBottom();
    });
    await settle();
    expect(rowNames()).toHaveLength(10);
    expect(rowNames()[9]).toBe('商品10');
    expect(text()).toContain('没有更多了');
    expect(src.calls).toEqual([1, 2, 3]);
  });

  it('asks for each page once however many scroll events arrive while it loads', async () => {
    const src = source(10);
    await testUtils.mount(() => <Harness src={src} />);
    await settle();
    src.holdReplies();
    await testUtils.act(async () => {
      latest!.onReachBottom();
      latest!.onReachBottom();
      void latest!.loadMore();
      void latest!.loadMore();
    });
    await src.releaseAll();
    await settle();
    expect(src.calls).toEqual([1, 2]);
    expect(rowNames()).toHaveLength(8);
  });

  it('shows the empty state when the first page has nothing', async () => {
    await testUtils.mount(() => <Harness src={source(0)} />);
    await settle();
    expect(text()).toContain('没有找到商品');
    expect(text()).not.toContain('没有更多了');
  });

  it('shows the error state when the first page fails, and loads it on tap', async () => {
    const src = source(3);
    src.failing.add(1);
    await testUtils.mount(() => <Harness src={src} />);
    await settle();
    expect(text()).toContain('服务繁忙');
    expect(rowNames()).toEqual([]);
    src.failing.delete(1);
    testUtils.fireEvent.click(document.querySelector('.state__button') as Element);
    await settle();
    expect(rowNames()).toEqual(['商品1', '商品2', '商品3']);
    expect(text()).toContain('没有更多了');
  });

  it('keeps the items when a later page fails and retries that page from the footer', async () => {
    const src = source(6);
    src.failing.add(2);
    await testUtils.mount(() => <Harness src={src} />);
    await settle();
    await testUtils.act(async () => latest!.onReachBottom());
    await settle();
    expect(rowNames()).toHaveLength(4);
    expect(text()).toContain('点击重试');
    // Scrolling again does not hammer the failing page; the footer's retry asks again.
    await testUtils.act(async () => void latest!.loadMore());
    expect(src.calls).toEqual([1, 2]);
    src.failing.delete(2);
    testUtils.fireEvent.click(document.querySelector('.state--compact') as Element);
    await settle();
    expect(rowNames()).toEqual(['商品1', '商品2', '商品3', '商品4', '商品5', '商品6']);
  });

  it('refreshes from page 1, replacing the items rather than adding to them', async () => {
    const src = source(10);
    await testUtils.mount(() => <Harness src={src} />);
    await settle();
    await testUtils.act(async () => latest!.onReachBottom());
    await settle();
    src.rows[0].name = '新商品';
    await testUtils.act(async () => latest!.refresh());
    await settle();
    expect(rowNames()).toEqual(['新商品', '商品2', '商品3', '商品4']);
  });

  it('keeps the old items when a refresh fails and says so above them', async () => {
    const src = source(10);
    await testUtils.mount(() => <Harness src={src} />);
    await settle();
    src.failing.add(1);
    await testUtils.act(async () => latest!.refresh());
    await settle();
    expect(rowNames()).toHaveLength(4);
    expect(text()).toContain('服务繁忙');
  });

  it('drops a reply that arrives after the inputs changed', async () => {
    const src = source(10);
    await testUtils.mount(() => <Harness src={src} />);
    await settle();
    src.holdReplies();
    await testUtils.act(async () => latest!.onReachBottom());
    // New keyword while page 2 of the old one is still on its way.
    testUtils.fireEvent.click(document.querySelector('.switch') as Element);
    await settle();
    await src.releaseAll();
    await settle();
    expect(rowNames()).toEqual(['商品1', '商品2', '商品3', '商品4']);
  });

  it('keeps loading while the footer is still on screen (a page too short to scroll)', async () => {
    const src = source(10);
    await testUtils.mount(() => <Harness src={src} visible={() => Promise.resolve(true)} />);
    for (let i = 0; i < 4; i += 1) await settle();
    expect(rowNames()).toHaveLength(10);
    expect(src.calls).toEqual([1, 2, 3]);
  });
});
