/**
 * Where a user stands, on one brand, on the checks an order needs before it can be signed: real
 * name, face and credit score as verified with this brand (kyc/identity.ts), emergency contact
 * and a bound bank card. `order/confirm` reads it.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { KycUser } from './identity.ts';
import './schema.ts';

export interface VerificationStatus {
  /** This brand verified the person's identity (name + checksum-valid ID number). */
  realName: boolean;
  /** The latest face session on this brand passed. */
  face: boolean;
  /** This brand's credit query scored at or above the pass line. */
  credit: boolean;
  emergencyContact: boolean;
  /** At least one bank card is bound. */
  bankCard: boolean;
}

/** Works on `db` or inside a transaction (pass the transaction). */
export async function verificationStatus(
  db: Kysely<Database>,
  user: KycUser,
): Promise<VerificationStatus> {
  const { id: userId, platform } = user;
  const row = await db
    .selectFrom('users')
    .select((eb) => [
      eb
        .exists(
          eb
            .selectFrom('identity_verifications')
            .select('user_id')
            .where('user_id', '=', userId)
            .where('platform', '=', platform),
        )
        .as('realName'),
      eb
        .selectFrom('face_sessions')
        .select('status')
        .where('user_id', '=', userId)
        .where('platform', '=', platform)
        .where('status', '!=', 'pending')
        .orderBy('id', 'desc')
        .limit(1)
        .as('faceStatus'),
      eb
        .exists(
          eb
            .selectFrom('credit_scores')
            .select('user_id')
            .where('user_id', '=', userId)
            .where('platform', '=', platform)
            .where('passed', '=', true),
        )
        .as('credit'),
      eb
        .exists(eb.selectFrom('emergency_contacts').select('user_id').where('user_id', '=', userId))
        .as('emergencyContact'),
      eb
        .exists(eb.selectFrom('bank_cards').select('user_id').where('user_id', '=', userId))
        .as('bankCard'),
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) {
    return {
      realName: false,
      face: false,
      credit: false,
      emergencyContact: false,
      bankCard: false,
    };
  }
  return {
    realName: row.realName === true,
    face: row.faceStatus === 'passed',
    credit: row.credit === true,
    emergencyContact: row.emergencyContact === true,
    bankCard: row.bankCard === true,
  };
}
