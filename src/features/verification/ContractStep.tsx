/**
 * contractPreview — the contract (sanitised HTML from the server, drawn with RichText by
 * ContractCard, never injected as raw HTML), signing in the web view, then the withholding
 * agreement for orders whose bills are withheld from a card. Query: `orderId`; `view=signed`
 * shows the order's contract to read (SignedContract) instead of the signing step.
 */
import { useEffect, useRef, useState } from 'react';
import { checkContract, fetchContract, signWithholding, startSigning } from '../../api/contract';
import { ConsentGate } from '../../components/consent/ConsentGate';
import type { PageBodyProps } from '../../components/page-frame';
import { ErrorState } from '../../components/states';
import { useEnvelope } from '../../components/states/useEnvelope';
import { useTranslation } from '../../i18n';
import { usePageShow } from '../../platform/page-route';
import { ResultCode } from '../../../contract/http';
import { goBackOr } from '../../platform/navigation';
import { showMessage } from '../../platform/ui';
import { useConsents } from '../../stores/consent';
import { ContractCard } from './ContractCard';
import { StepFrame } from './StepFrame';
import { pause, SIGN_POLL_MS, SIGN_POLL_TRIES, SIGN_WATCH_MS, SIGN_WATCH_TRIES } from './timing';
import { useVerificationStep, type StepData } from './useVerificationStep';
import { idParam } from '../../utils';
import { openSigningPage } from './signing-page';
import { SignedContract } from './SignedContract';

/**
 * The withholding agreement for the order's bills on the bound card, once the contract is
 * signed (a repeat answers the one on file), before handing over to deposit and payment.
 */
async function signAgreementIfNeeded(data: StepData): Promise<boolean> {
  const signed = data.order.status === 'PENDING_FREEZE' || data.order.status === 'PENDING_PAY';
  if (!signed || !data.status.bankCard) return true;
  const reply = await signWithholding(data.order.id);
  if (reply.code !== 200) {
    // The consent was withdrawn meanwhile: fresh states bring the gate back to ask again.
    if (reply.code === ResultCode.CONSENT_REQUIRED) await useConsents.getState().load(true);
    void showMessage(reply.msg);
    return false;
  }
  return true;
}

const WITHHOLDING_CONSENT = ['withholding'] as const;

/**
 * The contract page: `view=signed` (the order detail's 租赁合同 查看) shows the contract to read;
 * otherwise it is the signing step of the order's verification.
 */
export function ContractStep({ params }: PageBodyProps) {
  const orderId = idParam(params.orderId);
  return params.view === 'signed' ? (
    <SignedContract orderId={orderId} />
  ) : (
    <ContractSigningStep orderId={orderId} />
  );
}

function ContractSigningStep({ orderId }: { orderId: number }) {
  const { load, refresh, advance } = useVerificationStep(
    'contract',
    orderId,
    signAgreementIfNeeded,
  );
  return (
    <StepFrame step="contract" load={load} onRetry={() => void refresh()}>
      {load.state === 'ready' &&
        (load.data.status.bankCard ? (
          // Deductions from the card need their own consent before the contract that relies on
          // them is signed (the server refuses the agreement without it); agreeing goes on.
          <ConsentGate
            kinds={WITHHOLDING_CONSENT}
            onAgreed={() => void advance()}
            onDecline={() => void goBackOr('/pages/myOrder/myOrder')}
            loading={<ContractCard contract={null} withholding />}
          >
            <ContractSigning orderId={orderId} withholding onSigned={advance} />
          </ConsentGate>
        ) : (
          <ContractSigning orderId={orderId} withholding={false} onSigned={advance} />
        ))}
    </StepFrame>
  );
}

function ContractSigning(props: {
  orderId: number;
  withholding: boolean;
  onSigned: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const { orderId, onSigned } = props;
  const [agreed, setAgreed] = useState(false);
  const [waiting, setWaiting] = useState(false);

  // Back from the signing page: the verdict arrives from the provider a moment later. One wait
  // at a time (a read again meanwhile, the language changed, finds it still signing).
  const awaiting = useRef(false);
  const awaitVerdict = async () => {
    if (awaiting.current) return;
    awaiting.current = true;
    setWaiting(true);
    try {
      for (let i = 0; i < SIGN_POLL_TRIES; i += 1) {
        const check = await checkContract(orderId);
        if (check.code === 200 && check.data.status !== 'signing') {
          setContract((c) => (c ? { ...c, status: check.data.status } : c));
          if (check.data.status === 'signed') await onSigned();
          break;
        }
        await pause(SIGN_POLL_MS);
      }
    } finally {
      awaiting.current = false;
      setWaiting(false);
    }
  };
  const {
    status,
    data: contract,
    setData: setContract,
    refresh,
    retry,
  } = useEnvelope(
    orderId,
    () => fetchContract(orderId),
    (loaded) => {
      if (loaded.status === 'signing') void awaitVerdict();
    },
  );

  // Mini-programs: back from the signing page (navigateBack keeps this page mounted), ask for
  // the verdict; nothing else would until the page was opened anew.
  const atSigningPage = useRef(false);
  // Gone (the order moved on): stop asking.
  useEffect(
    () => () => {
      atSigningPage.current = false;
    },
    [],
  );
  usePageShow(() => {
    if (!atSigningPage.current) return;
    atSigningPage.current = false;
    void refresh();
  });

  /**
   * The signing page sits above this step (the web view) and says 签署完成 when done, with no
   * way back of its own; on H5 its form posts even add entries to the tab's history, so one tap
   * on 返回 only steps back inside it. So while it is open the step asks for the verdict and,
   * once signed, moves on by itself (the next step replaces the signing page).
   */
  const watchForVerdict = async () => {
    for (let i = 0; i < SIGN_WATCH_TRIES && atSigningPage.current; i += 1) {
      await pause(SIGN_WATCH_MS);
      if (!atSigningPage.current) return;
      const check = await checkContract(orderId);
      if (check.code !== 200 || check.data.status === 'signing') continue;
      if (!atSigningPage.current) return;
      atSigningPage.current = false;
      setContract((c) => (c ? { ...c, status: check.data.status } : c));
      if (check.data.status === 'signed') await onSigned();
      return;
    }
  };

  const sign = async () => {
    const reply = await startSigning(orderId);
    if (reply.code !== 200) {
      void showMessage(reply.msg);
      return;
    }
    setContract((c) => (c ? { ...c, status: 'signing' } : c));
    atSigningPage.current = true;
    const opened = await openSigningPage(reply.data.signUrl, t('verify.contract.signTitle'));
    if (!opened) {
      atSigningPage.current = false;
      void showMessage(t('verify.contract.openFailed'));
      return;
    }
    void watchForVerdict();
  };

  if (status.state === 'error') {
    return <ErrorState message={status.message || t('verify.loadFailed')} onRetry={retry} />;
  }
  return (
    <ContractCard
      contract={contract ?? null}
      withholding={props.withholding}
      waiting={waiting}
      agreed={agreed}
      onAgree={() => setAgreed((a) => !a)}
      onSign={sign}
    />
  );
}
