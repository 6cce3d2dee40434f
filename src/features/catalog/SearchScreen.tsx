import { Input, Text, View } from '@tarojs/components';
import type { GoodsCard } from '@contract/api/goods';
import { useCallback, useEffect, useState } from 'react';
import { getHotKeywords } from '../../api/reference-data';
import { searchGoods } from '../../api/home';
import type { PageBodyProps } from '../../components/page-frame';
import { PagedList, usePagedList } from '../../components/paged-list';
import { registerMessages, useTranslation } from '../../i18n';
import { catalogMessages } from '@contract/i18n/zh-Hans/catalog';
import { stopPullDownRefresh, usePagePullDownRefresh } from '../../platform/paging';
import { isOk } from '../../platform/request';
import { FIRST_SCREEN_CARDS, GoodsCardView } from './GoodsCardView';
import { clearHistory, loadHistory, normaliseKeyword, rememberKeyword } from './search-history';
import './catalog.scss';
import './search.scss';
import { confirmAction } from '../../platform/ui';

registerMessages(catalogMessages);

/** The server refuses longer keywords. */
const KEYWORD_MAX_LENGTH = 50;

/** Keyword search: hot keywords and the user's history until a search runs, then the results. */
export function SearchScreen({ params }: PageBodyProps) {
  const { t } = useTranslation();
  const initial = normaliseKeyword(params.keyword ?? '').slice(0, KEYWORD_MAX_LENGTH);
  const [input, setInput] = useState(initial);
  const [keyword, setKeyword] = useState(initial);
  const [history, setHistory] = useState<string[]>(() =>
    initial ? rememberKeyword(initial) : loadHistory(),
  );
  const [hotKeywords, setHotKeywords] = useState<string[]>([]);

  const loadHotKeywords = useCallback(async () => {
    const reply = await getHotKeywords();
    if (isOk(reply)) setHotKeywords(reply.data);
  }, []);

  useEffect(() => {
    void loadHotKeywords();
  }, [loadHotKeywords]);

  // The results list handles the pull-down while it is shown; before a search it reloads the
  // suggestions (and must end the pull-down itself).
  usePagePullDownRefresh(() => {
    if (keyword !== '') return;
    setHistory(loadHistory());
    void loadHotKeywords().finally(stopPullDownRefresh);
  });

  const list = usePagedList<GoodsCard>({
    fetchPage: (pageNum, pageSize) => searchGoods(keyword, pageNum, pageSize),
    deps: [keyword],
    enabled: keyword !== '',
  });

  const search = (text: string) => {
    const next = normaliseKeyword(text).slice(0, KEYWORD_MAX_LENGTH);
    setInput(next);
    if (!next) return;
    setHistory(rememberKeyword(next));
    setKeyword(next);
  };

  const askToClear = async () => {
    const confirmed = await confirmAction(t('catalog.clearHistoryConfirm'), {
      confirm: t('common.ok'),
      cancel: t('common.cancel'),
    });
    if (!confirmed) return;
    clearHistory();
    setHistory([]);
  };

  return (
    <View className="search">
      <View className="search__bar" role="search">
        <Input
          className="search__input"
          type="text"
          confirmType="search"
          value={input}
          maxlength={KEYWORD_MAX_LENGTH}
          placeholder={t('catalog.searchPlaceholder')}
          focus={!initial}
          aria-label={t('catalog.searchPlaceholder')}
          onInput={(event) => {
            setInput(event.detail.value);
            // Clearing the box goes back to the suggestions.
            if (!event.detail.value.trim()) setKeyword('');
          }}
          onConfirm={(event) => search(event.detail.value)}
        />
        <View
          className="search__button"
          role="button"
          aria-label={t('catalog.search')}
          onClick={() => search(input)}
        >
          <Text>{t('catalog.search')}</Text>
        </View>
      </View>

      {keyword === '' ? (
        <View className="search__suggestions">
          {history.length > 0 && (
            <View className="search__group">
              <View className="search__group-head">
                <Text className="search__group-title" role="heading" aria-level={2}>
                  {t('catalog.history')}
                </Text>
                <View
                  className="search__clear"
                  role="button"
                  aria-label={t('catalog.clearHistory')}
                  onClick={() => void askToClear()}
                >
                  <Text>{t('catalog.clearHistory')}</Text>
                </View>
              </View>
              <View className="search__chips search__chips--history">
                {history.map((item) => (
                  <View
                    key={item}
                    className="search__chip"
                    role="button"
                    onClick={() => search(item)}
                  >
                    <Text>{item}</Text>
                  </View>
                ))}
              </View>
            </View>
          )}
          {hotKeywords.length > 0 && (
            <View className="search__group">
              <Text className="search__group-title" role="heading" aria-level={2}>
                {t('catalog.hotKeywords')}
              </Text>
              <View className="search__chips search__chips--hot">
                {hotKeywords.map((item) => (
                  <View
                    key={item}
                    className="search__chip search__chip--hot"
                    role="button"
                    onClick={() => search(item)}
                  >
                    <Text>{item}</Text>
                  </View>
                ))}
              </View>
            </View>
          )}
        </View>
      ) : (
        <PagedList
          list={list}
          keyOf={(goods) => goods.id}
          renderItem={(goods, index) => (
            <GoodsCardView goods={goods} eager={index < FIRST_SCREEN_CARDS} primary={index === 0} />
          )}
          empty={{ title: t('catalog.searchEmpty'), description: t('catalog.searchEmptyHint') }}
        />
      )}
    </View>
  );
}
