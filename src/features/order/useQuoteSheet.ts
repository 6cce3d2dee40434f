import { useRef, useState } from 'react';
import {
  fetchBuyoutQuote,
  fetchEarlyReturnQuote,
  fetchRenewalQuote,
  type OrderDetail as Order,
  type OrderQuote,
} from '../../api/order';
import { useTranslation } from '../../i18n';
import { newIdempotencyKey, type RequestPromise } from '../../platform/request';

export type Sheet = 'none' | 'buyout' | 'renew' | 'earlyReturn';

/** Which quote sheet is open on the order detail, its quote and the renewal's term. */
export function useQuoteSheet() {
  const { t } = useTranslation();
  const [sheet, setSheet] = useState<Sheet>('none');
  const [quote, setQuote] = useState<OrderQuote | undefined>();
  const [quoteError, setQuoteError] = useState('');
  const [periods, setPeriods] = useState<number>(1);
  const renewKey = useRef(newIdempotencyKey());

  const showQuote = async (request: () => RequestPromise<OrderQuote>) => {
    setQuote(undefined);
    setQuoteError('');
    const reply = await request();
    if (reply.code === 200 && reply.data) setQuote(reply.data);
    else setQuoteError(reply.msg || t('states.loadFailed'));
  };

  const openBuyout = async (current: Order) => {
    setSheet('buyout');
    await showQuote(() => fetchBuyoutQuote(current.id));
  };

  const openEarlyReturn = async (current: Order) => {
    setSheet('earlyReturn');
    await showQuote(() => fetchEarlyReturnQuote(current.id));
  };

  const quoteRenewal = async (current: Order, count: number) => {
    setPeriods(count);
    // Another term is another request: a fresh key (the server refuses a key reused for it).
    renewKey.current = newIdempotencyKey();
    await showQuote(() => fetchRenewalQuote(current.id, count));
  };

  return {
    sheet,
    setSheet,
    quote,
    quoteError,
    periods,
    renewKey,
    openBuyout,
    openEarlyReturn,
    quoteRenewal,
  };
}
