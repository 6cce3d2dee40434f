/**
 * Rental contracts: render from the order, start an e-sign flow, take the provider's signed
 * notification (which alone moves the order, through the state machine's `sign`), and sign the
 * withholding agreement for an order's bills. Every user-facing call checks the order's owner.
 */
import type { Kysely } from 'kysely';
import { BRAND_RECORDS } from '../../../contract/brands/records.ts';
import type { Database } from '../db/schema.ts';
import type { AppDeps } from '../boot/deps.ts';
import { contactOf, identityOf } from '../kyc/identity.ts';
import { maskCard, maskMobile } from '../kyc/crypto.ts';
import '../kyc/schema.ts';
import { illegalAction, TERMINAL_STATUSES } from '../orders/machine.ts';
import { applyOrderAction } from '../orders/apply-action.ts';
import '../orders/schema.ts';
import { ApiError, badRequest, conflict, notFound } from '../plugins/errors.ts';
import { requireConsent } from '../privacy/consents.ts';
import type { EsignNotification } from '../providers/esign/index.ts';
import { ProviderError } from '../providers/errors.ts';
import { orderQuote } from '../orders/bills.ts';
import { toDay } from '../orders/rules.ts';
import { contractTermsOf, renderContract, type ContractData } from './render.ts';

const ymd = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The caller on one brand: an order of another brand is not theirs there. */
export interface ContractOwner {
  id: number;
  platform: number;
}

async function ownOrder(db: Kysely<Database>, owner: ContractOwner, orderId: number) {
  const order = await db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .where('user_id', '=', owner.id)
    .where('platform', '=', owner.platform)
    .executeTakeFirst();
  // Another user's (or brand's) order answers exactly like a missing one.
  if (!order) throw notFound('订单不存在');
  return order;
}

/** What the contract says, gathered from the order, its bills, the identity and the brand. */
async function contractData(
  deps: AppDeps,
  owner: ContractOwner,
  orderId: number,
  contractNo: string,
): Promise<ContractData> {
  const { db } = deps;
  const userId = owner.id;
  const order = await ownOrder(db, owner, orderId);
  // The identity as this brand verified it: never one the person verified with another brand.
  const identity = await identityOf(db, owner);
  if (!identity) throw badRequest('请先完成实名认证');
  const user = await db
    .selectFrom('users')
    .select('mobile')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const contact = await contactOf(db, userId);
  const brand = BRAND_RECORDS.find((record) => record.id === order.platform) ?? BRAND_RECORDS[0];
  const { goods, sku, services, address } = order.snapshot;
  return {
    contractNo,
    lessor: {
      company: brand.companyName,
      platformName: brand.platformName,
      servicePhone: brand.userPhone,
    },
    lessee: {
      name: identity.name,
      idNoMasked: identity.idNoMasked,
      mobileMasked: user.mobile ? maskMobile(user.mobile) : '',
    },
    address: {
      name: address.name,
      mobileMasked: maskMobile(address.mobile),
      province: address.province,
      city: address.city,
      district: address.district,
      detail: address.detail,
    },
    contact: contact
      ? { name: contact.name, relation: contact.relation, mobileMasked: maskMobile(contact.mobile) }
      : null,
    goods: {
      name: goods.name,
      color: sku.color,
      capacity: sku.capacity,
      condition: sku.condition,
      // The leased SKU's market value: what the buy-out prices are capped by.
      marketPrice: sku.price,
    },
    // Every figure from the order's lease quote, as its bills were written from it.
    ...contractTermsOf(orderQuote(order), toDay(order.start_date)),
    services: services.map((s) => ({ name: s.name, price: s.price, priceUnit: s.priceUnit })),
    depositMethod: order.deposit_method,
    date: ymd(deps.now()),
  };
}

/** The contract of an order as it stands (the preview before signing, or the signed text). */
export async function contractHtml(deps: AppDeps, owner: ContractOwner, orderId: number) {
  await ownOrder(deps.db, owner, orderId);
  const userId = owner.id;
  const signed = await deps.db
    .selectFrom('contracts')
    .select(['contract_no', 'html', 'status'])
    .where('order_id', '=', orderId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (signed?.status === 'signed') return { contractNo: signed.contract_no, html: signed.html };
  const contractNo = signed?.contract_no ?? '（签署时生成）';
  return {
    contractNo: signed?.contract_no ?? null,
    html: await renderContract(await contractData(deps, owner, orderId, contractNo)),
  };
}

export interface SigningView {
  contractNo: string;
  flowId: string;
  signUrl: string;
  status: 'signing' | 'signed' | 'refused';
}

/**
 * Starts (or resumes) signing the order's contract. The order must be waiting for a signature;
 * an open flow is handed back rather than a second one started.
 */
export async function createSigning(
  deps: AppDeps,
  owner: ContractOwner,
  orderId: number,
): Promise<SigningView> {
  const userId = owner.id;
  const order = await ownOrder(deps.db, owner, orderId);
  const existing = await deps.db
    .selectFrom('contracts')
    .innerJoin('sign_sessions', 'sign_sessions.contract_id', 'contracts.id')
    .select([
      'contracts.contract_no',
      'contracts.status',
      'sign_sessions.flow_id',
      'sign_sessions.status as session_status',
    ])
    .where('contracts.order_id', '=', orderId)
    .orderBy('sign_sessions.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (existing?.status === 'signed') throw conflict('合同已签署');
  if (order.status !== 'PENDING_SIGN') throw illegalAction(order.status, 'sign');
  const esign = deps.providers.esign;
  if (existing && existing.session_status === 'pending') {
    return {
      contractNo: existing.contract_no,
      flowId: existing.flow_id,
      signUrl: `${deps.publicBase()}/sandbox/esign/${existing.flow_id}`,
      status: 'signing',
    };
  }
  const contractNo = existing?.contract_no ?? `HT${ymd(deps.now()).replaceAll('-', '')}${orderId}`;
  const data = await contractData(deps, owner, orderId, contractNo);
  const html = await renderContract(data);
  const { flowId, signUrl } = await esign.createFlow({
    contractNo,
    html,
    signer: { name: data.lessee.name, idMasked: data.lessee.idNoMasked },
    // Configured origins only: a Host header must not choose where the signed outcome is posted.
    notifyUrl: `${deps.notifyBase()}/notify/esign`,
    pageBase: deps.publicBase(),
  });
  await deps.db.transaction().execute(async (trx) => {
    const contract = await trx
      .insertInto('contracts')
      .values({
        order_id: orderId,
        user_id: userId,
        contract_no: contractNo,
        html,
        status: 'signing',
        created_at: deps.now(),
      })
      .onConflict((oc) =>
        oc
          .column('order_id')
          .doUpdateSet({ html, status: 'signing' })
          .where('contracts.status', '!=', 'signed'),
      )
      .returning('id')
      .executeTakeFirst();
    if (!contract) throw conflict('合同已签署');
    await trx
      .insertInto('sign_sessions')
      .values({ contract_id: contract.id, flow_id: flowId, created_at: deps.now() })
      .execute();
  });
  return { contractNo, flowId, signUrl, status: 'signing' };
}

export interface ContractCheck {
  status: 'none' | 'signing' | 'signed' | 'refused';
  contractNo: string | null;
  signedAt: string | null;
}

export async function checkContract(
  deps: AppDeps,
  owner: ContractOwner,
  orderId: number,
): Promise<ContractCheck> {
  const userId = owner.id;
  await ownOrder(deps.db, owner, orderId);
  const contract = await deps.db
    .selectFrom('contracts')
    .select(['contract_no', 'status', 'signed_at'])
    .where('order_id', '=', orderId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!contract) return { status: 'none', contractNo: null, signedAt: null };
  return {
    status: contract.status,
    contractNo: contract.contract_no,
    signedAt: contract.signed_at?.toISOString() ?? null,
  };
}

/**
 * The provider's outcome for a flow. Verified first; the first notification per flow wins and any
 * replay changes nothing. A signature moves the order by `sign` in the same transaction.
 */
export async function acceptNotification(
  deps: AppDeps,
  rawBody: string,
  signature: string,
): Promise<'accepted' | 'duplicate'> {
  const esign = deps.providers.esign;
  if (!esign.verify(rawBody, signature)) throw new ApiError(401, 'signature mismatch', 401);
  let note: EsignNotification;
  try {
    note = JSON.parse(rawBody) as EsignNotification;
  } catch {
    throw badRequest('bad notification');
  }
  if (note.outcome !== 'signed' && note.outcome !== 'refused') throw badRequest('bad outcome');
  const finishedAt = new Date(note.finishedAt);
  if (Number.isNaN(finishedAt.getTime())) throw badRequest('bad time');
  return deps.db.transaction().execute(async (trx) => {
    const session = await trx
      .selectFrom('sign_sessions')
      .innerJoin('contracts', 'contracts.id', 'sign_sessions.contract_id')
      .select([
        'sign_sessions.id',
        'sign_sessions.notified_at',
        'contracts.id as contract_id',
        'contracts.order_id',
        'contracts.user_id',
        'contracts.status as contract_status',
      ])
      .where('sign_sessions.flow_id', '=', note.flowId)
      .forUpdate()
      .executeTakeFirst();
    if (!session) throw notFound('unknown flow');
    if (session.notified_at) return 'duplicate' as const;
    const now = deps.now();
    await trx
      .updateTable('sign_sessions')
      .set({ status: note.outcome, notified_at: now })
      .where('id', '=', session.id)
      .execute();
    if (session.contract_status === 'signed') return 'duplicate' as const;
    await trx
      .updateTable('contracts')
      .set(
        note.outcome === 'signed'
          ? { status: 'signed', signed_at: finishedAt }
          : { status: 'refused' },
      )
      .where('id', '=', session.contract_id)
      .execute();
    if (note.outcome === 'signed') {
      const order = await trx
        .selectFrom('orders')
        .select('status')
        .where('id', '=', session.order_id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      // An order cancelled while the signer was on the page keeps its state; the signature stays
      // on record.
      if (order.status === 'PENDING_SIGN') {
        await applyOrderAction(trx, session.order_id, 'sign', {
          actor: 'user',
          userId: session.user_id,
          now,
          note: `合同 ${note.flowId} 已签署`,
        });
      }
    }
    return 'accepted' as const;
  });
}

export interface WithholdingView {
  agreementNo: string;
  bankName: string;
  cardNoMasked: string;
  signedAt: string;
}

/** Signs (once) the agreement that lets the order's bills be withheld from the user's card. */
export async function signWithholding(
  deps: AppDeps,
  owner: ContractOwner,
  orderId: number,
): Promise<WithholdingView> {
  const userId = owner.id;
  const order = await ownOrder(deps.db, owner, orderId);
  const existing = await withholdingOf(deps.db, userId, orderId);
  if (existing) return existing;
  if (TERMINAL_STATUSES.includes(order.status)) throw illegalAction(order.status, 'signHFB');
  // Deducting from the user's card needs their own consent to the withholding text, on this
  // brand, before the bank is asked (a repeat of a signed agreement above is only a read).
  await requireConsent(deps.db, userId, owner.platform, ['withholding']);
  const card = await deps.db
    .selectFrom('bank_cards')
    .select(['id', 'provider_token'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!card) throw badRequest('请先绑定银行卡');
  const { protocolNo } = await deps.providers.bankCard
    .signWithholding({ agreementNo: card.provider_token, orderRef: `order-${orderId}` })
    .catch((error: unknown) => {
      if (error instanceof ProviderError && error.kind === 'rejected') {
        throw badRequest('代扣协议签署失败，请重新绑卡');
      }
      throw error;
    });
  await deps.db
    .insertInto('withholding_agreements')
    .values({
      order_id: orderId,
      user_id: userId,
      bank_card_id: card.id,
      agreement_no: protocolNo,
      signed_at: deps.now(),
    })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .execute();
  const view = await withholdingOf(deps.db, userId, orderId);
  if (!view) throw notFound();
  return view;
}

async function withholdingOf(
  db: Kysely<Database>,
  userId: number,
  orderId: number,
): Promise<WithholdingView | null> {
  const row = await db
    .selectFrom('withholding_agreements')
    .innerJoin('bank_cards', 'bank_cards.id', 'withholding_agreements.bank_card_id')
    .select([
      'withholding_agreements.agreement_no',
      'withholding_agreements.signed_at',
      'bank_cards.bank_name',
      'bank_cards.first6',
      'bank_cards.last4',
    ])
    .where('withholding_agreements.order_id', '=', orderId)
    .where('withholding_agreements.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    agreementNo: row.agreement_no,
    bankName: row.bank_name,
    cardNoMasked: maskCard(row.first6, row.last4),
    signedAt: row.signed_at.toISOString(),
  };
}
