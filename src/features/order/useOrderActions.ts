import { useEffect, useRef, useState } from 'react';
import {
  applyBuyout,
  applyEarlyReturn,
  cancelOrder,
  confirmChanges,
  confirmReceipt,
  payRenewal,
  type OrderDetail as Order,
} from '../../api/order';
import { useTranslation } from '../../i18n';
import { askCancelReason } from '../../components/cancel-reason';
import { openPage } from '../../platform/open-page';
import { newIdempotencyKey } from '../../platform/request';
import { confirmAction, showMessage, showToast } from '../../platform/ui';
import { formatMoney } from '../../utils';
import { billPayUrl } from '../../routes';
import { actionButtons, type ActionButton } from './orderView';
import { useQuoteSheet } from './useQuoteSheet';

export interface OrderActionsInput {
  order: Order | undefined;
  setOrder: (order: Order) => void;
  reload: () => Promise<Order | undefined>;
  /** From a My orders card button: run once the order has loaded, if the server still offers it. */
  requestedAction: string | undefined;
}

export type OrderActions = ReturnType<typeof useOrderActions>;

/** The order detail's action buttons and the confirmations of its quote sheets. */
export function useOrderActions({ order, setOrder, reload, requestedAction }: OrderActionsInput) {
  const { t } = useTranslation();
  const quotes = useQuoteSheet();
  const { setSheet, quote, periods, renewKey, openBuyout, openEarlyReturn, quoteRenewal } = quotes;
  const [busy, setBusy] = useState(false);
  const pendingAction = useRef<string | undefined>(requestedAction);

  /** After a buy-out or renewal is opened: pay its bill on the bill-payment screen. */
  const payOpenBill = async (kind: 'BUYOUT' | 'RENEWAL' | 'EARLY_RETURN') => {
    const fresh = await reload();
    const bill = fresh?.bills.find((b) => b.kind === kind && b.status === 'unpaid');
    setSheet('none');
    if (fresh && bill) void openPage(billPayUrl(fresh.id, [bill.id]));
  };

  const cancel = async (current: Order) => {
    const asked = await askCancelReason(t);
    if (!asked) return;
    const sure = await confirmAction(t('order.cancelConfirm'), {
      confirm: t('dialog.cancelOrder'),
      cancel: t('order.keep'),
    });
    if (!sure) return;
    const reply = await cancelOrder(current.id, asked.reason);
    if (reply.code !== 200 || !reply.data) return;
    setOrder(reply.data);
    void showToast(
      t(reply.data.status === 'CANCEL_REVIEW' ? 'order.cancelRequested' : 'order.cancelled'),
    );
  };

  const receive = async (current: Order) => {
    const sure = await confirmAction(t('order.receiveConfirm'), {
      confirm: t('dialog.receive'),
      cancel: t('common.cancel'),
    });
    if (!sure) return;
    const reply = await confirmReceipt(current.id);
    if (reply.code === 200 && reply.data) {
      setOrder(reply.data);
      void showToast(t('order.received'), { icon: 'success' });
    }
  };

  const run = async (button: ActionButton, current: Order) => {
    if (busy) return;
    const { handling } = button;
    if (handling.kind === 'page') {
      void openPage(handling.url(current.id));
      return;
    }
    setBusy(true);
    try {
      if (handling.kind === 'cancel') await cancel(current);
      else if (handling.kind === 'receive') await receive(current);
      else if (handling.kind === 'buyout') await openBuyout(current);
      else if (handling.kind === 'earlyReturn') await openEarlyReturn(current);
      else if (handling.kind === 'renew') {
        setSheet('renew');
        await quoteRenewal(current, periods);
      } else await confirmChanges(current.id);
    } finally {
      setBusy(false);
    }
  };

  // A card's button asked for this action: run it once, if the server still offers it.
  useEffect(() => {
    if (!order || !pendingAction.current) return;
    const wanted = pendingAction.current;
    pendingAction.current = undefined;
    const button = actionButtons(order).find((b) => b.action === wanted);
    if (button) void run(button, order);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on the first loaded order
  }, [order]);

  const confirmBuyout = async (current: Order) => {
    // The dialog draws below the sheet's layer: the sheet steps aside while it asks.
    setSheet('none');
    const sure = await confirmAction(t('order.buyout.irreversible'), {
      title: t('order.buyout.title'),
      confirm: t('order.buyout.confirm'),
      cancel: t('order.keep'),
    });
    if (!sure) {
      setSheet('buyout');
      return;
    }
    const reply = await applyBuyout(current.id);
    if (reply.code === 200) await payOpenBill('BUYOUT');
  };

  const confirmEarlyReturn = async (current: Order) => {
    if (!quote) return;
    setSheet('none');
    const sure = await confirmAction(
      t('order.earlyReturn.ask', { amount: formatMoney(quote.total) }),
      {
        title: t('order.earlyReturn.title'),
        confirm: t('order.earlyReturn.dialogConfirm'),
        cancel: t('order.keep'),
      },
    );
    if (!sure) {
      setSheet('earlyReturn');
      return;
    }
    const reply = await applyEarlyReturn(current.id, quote.total);
    if (reply.code !== 200) {
      // The total changed meanwhile: show the new quote rather than apply another fee.
      void showMessage(reply.msg);
      await openEarlyReturn(current);
      return;
    }
    if (quote.total > 0) await payOpenBill('EARLY_RETURN');
    else {
      await reload();
      void openPage(`/pages/returnApplication/returnApplication?orderId=${current.id}`);
    }
  };

  const confirmRenewal = async (current: Order) => {
    const reply = await payRenewal(current.id, periods, 'alipay', renewKey.current);
    if (reply.code !== 200) return;
    renewKey.current = newIdempotencyKey();
    await payOpenBill('RENEWAL');
  };

  return { ...quotes, busy, run, confirmBuyout, confirmEarlyReturn, confirmRenewal };
}
