/**
 * Bank cards: issuer lookup (the storefront's own table, `contract/validation`), and binding in three
 * steps — preBind (the bank texts a code to the card's reserved mobile), verify (the code), bind.
 * Only the first 6 and last 4 digits and a keyed hash of the number are stored.
 */
import { CARD_TYPE_NAMES, normaliseCardNumber } from '../../../contract/validation/bankCard.ts';
import { lookupBankCard, type BankCardInfo } from '../../../contract/validation/index.ts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { AppDeps } from '../boot/deps.ts';
import { ApiError, badRequest, conflict, notFound, tooMany } from '../plugins/errors.ts';
import { ProviderError } from '../providers/errors.ts';
import { keyedHash, maskCard, maskMobile } from './crypto.ts';
import { identityOf, type KycUser } from './identity.ts';
import type { CardType } from './schema.ts';

/** Wrong codes after which a bind session is burnt. */
export const BIND_MAX_ATTEMPTS = 5;
/** Bind sessions (SMS sends) a user may start per hour. */
export const BIND_PER_HOUR = 5;
const BIND_TTL_SECONDS = 300;

export interface BankCardView {
  id: number;
  bankName: string;
  bankCode: string;
  cardType: CardType;
  cardTypeName: string;
  cardNoMasked: string;
  mobileMasked: string;
}

/** Issuer and type of a card number, or a 400 when no issuer uses it. */
export function bankInfo(cardNo: string): BankCardInfo {
  const info = lookupBankCard(cardNo);
  if (!info) throw badRequest('cardNo 无法识别，请核对卡号');
  return info;
}

/** A provider refusal about the card is the user's to fix; say what the bank said. */
function rethrowProvider(error: unknown): never {
  if (error instanceof ProviderError && error.kind === 'rejected') throw badRequest(error.message);
  throw error;
}

export async function preBindCard(
  deps: AppDeps,
  user: KycUser,
  input: { cardNo: string; mobile: string },
) {
  const userId = user.id;
  const info = bankInfo(input.cardNo);
  const cardNo = normaliseCardNumber(input.cardNo);
  if (!cardNo) throw badRequest('cardNo 无法识别，请核对卡号');
  // The holder's name as this brand verified it: this brand asks the bank.
  const identity = await identityOf(deps.db, user);
  if (!identity) throw badRequest('请先完成实名认证');
  const cardHash = keyedHash(deps.config.kycHashKey, 'card', cardNo);
  const bound = await deps.db
    .selectFrom('bank_cards')
    .select('id')
    .where('user_id', '=', userId)
    .where('card_hash', '=', cardHash)
    .executeTakeFirst();
  if (bound) throw conflict('该银行卡已绑定');
  const now = deps.now();
  const { n, oldest } = await deps.db
    .selectFrom('bank_card_binds')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('user_id', '=', userId)
    .where('created_at', '>', new Date(now.getTime() - 3600_000))
    .executeTakeFirstOrThrow();
  // Retry-After: when the hour's first bind leaves the window.
  if (n >= BIND_PER_HOUR)
    throw tooMany('操作过于频繁，请稍后再试', (oldest.getTime() + 3600_000 - now.getTime()) / 1000);
  const { bindRequestNo } = await deps.providers.bankCard
    .preBind({ cardNo, mobile: input.mobile, holderName: identity.name })
    .catch(rethrowProvider);
  await deps.db
    .insertInto('bank_card_binds')
    .values({
      user_id: userId,
      bind_request_no: bindRequestNo,
      card_hash: cardHash,
      first6: cardNo.slice(0, 6),
      last4: cardNo.slice(-4),
      bank_code: info.bankCode,
      bank_name: info.bankName,
      card_type: info.cardType,
      reserved_mobile: input.mobile,
      expires_at: new Date(now.getTime() + BIND_TTL_SECONDS * 1000),
      created_at: now,
    })
    .execute();
  return {
    bindId: bindRequestNo,
    bankName: info.bankName,
    cardType: info.cardType,
    cardTypeName: info.cardTypeName,
    cardNoMasked: maskCard(cardNo.slice(0, 6), cardNo.slice(-4)),
    mobileMasked: maskMobile(input.mobile),
  };
}

export async function verifyBindCode(
  deps: AppDeps,
  userId: number,
  bindId: string,
  code: string,
): Promise<{ verified: true }> {
  const now = deps.now();
  // The row lock serialises concurrent guesses for one bind, on both engines.
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const bind = await trx
      .selectFrom('bank_card_binds')
      .select(['id', 'status', 'attempts', 'expires_at'])
      .where('bind_request_no', '=', bindId)
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!bind) return 'missing' as const;
    if (bind.status === 'verified') return 'ok' as const;
    if (bind.status !== 'sent') return 'spent' as const;
    if (bind.expires_at.getTime() <= now.getTime()) {
      await trx
        .updateTable('bank_card_binds')
        .set({ status: 'expired' })
        .where('id', '=', bind.id)
        .execute();
      return 'spent' as const;
    }
    const right = await deps.providers.bankCard.verifyCode(bindId, code).catch((error: unknown) => {
      if (error instanceof ProviderError && error.kind === 'rejected') return 'spent' as const;
      throw error;
    });
    if (right === 'spent') return 'spent' as const;
    if (right) {
      await trx
        .updateTable('bank_card_binds')
        .set({ status: 'verified' })
        .where('id', '=', bind.id)
        .execute();
      return 'ok' as const;
    }
    const attempts = bind.attempts + 1;
    await trx
      .updateTable('bank_card_binds')
      .set({ attempts, ...(attempts >= BIND_MAX_ATTEMPTS ? { status: 'burnt' as const } : {}) })
      .where('id', '=', bind.id)
      .execute();
    return 'wrong' as const;
  });
  if (outcome === 'missing') throw notFound('绑卡请求不存在');
  if (outcome === 'spent') throw badRequest('验证码已失效，请重新获取');
  if (outcome === 'wrong') throw badRequest('验证码错误');
  return { verified: true };
}

export async function bindCard(
  deps: AppDeps,
  userId: number,
  bindId: string,
): Promise<BankCardView> {
  const now = deps.now();
  const find = (db: Kysely<Database> | Transaction<Database>) =>
    db
      .selectFrom('bank_card_binds')
      .selectAll()
      .where('bind_request_no', '=', bindId)
      .where('user_id', '=', userId);
  const bind = await find(deps.db).executeTakeFirst();
  if (!bind) throw notFound('绑卡请求不存在');
  if (bind.status !== 'verified' && bind.status !== 'bound') throw badRequest('请先完成短信验证');
  // The bank is asked outside any transaction of ours; confirming the same request twice answers
  // the same agreement, so a retry after a failure here binds the card once.
  const { agreementNo } = await deps.providers.bankCard.confirmBind(bindId).catch(rethrowProvider);
  const cardId = await deps.db.transaction().execute(async (trx) => {
    const locked = await find(trx).forUpdate().executeTakeFirstOrThrow();
    const card = await trx
      .insertInto('bank_cards')
      .values({
        user_id: userId,
        card_hash: locked.card_hash,
        first6: locked.first6,
        last4: locked.last4,
        bank_code: locked.bank_code,
        bank_name: locked.bank_name,
        card_type: locked.card_type,
        provider_token: agreementNo,
        reserved_mobile: locked.reserved_mobile,
        created_at: now,
      })
      .onConflict((oc) =>
        oc.columns(['user_id', 'card_hash']).doUpdateSet({ provider_token: agreementNo }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('bank_card_binds')
      .set({ status: 'bound' })
      .where('id', '=', locked.id)
      .execute();
    return card.id;
  });
  const [card] = await listCards(deps, userId, cardId);
  if (!card) throw new ApiError(500, '绑卡失败', 500);
  return card;
}

export async function listCards(
  deps: AppDeps,
  userId: number,
  onlyId?: number,
): Promise<BankCardView[]> {
  let query = deps.db
    .selectFrom('bank_cards')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc');
  if (onlyId !== undefined) query = query.where('id', '=', onlyId);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    bankName: row.bank_name,
    bankCode: row.bank_code,
    cardType: row.card_type,
    cardTypeName: CARD_TYPE_NAMES[row.card_type],
    cardNoMasked: maskCard(row.first6, row.last4),
    mobileMasked: maskMobile(row.reserved_mobile),
  }));
}
