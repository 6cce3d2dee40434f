/**
 * Why a user cancels or returns: a value of the `cancel_reason` / `return_reason` dictionary the
 * screens offer (GET /api/common/dictionary). A value the dictionary does not have is refused
 * with 422 before anything is written, so the order only ever records reasons that were offered.
 */
import { dictionaryEntry } from '../catalog/reference-data.ts';
import { ApiError } from '../plugins/errors.ts';
import type { Db, Trx } from './rules.ts';

export type ReasonKind = 'cancel_reason' | 'return_reason';

const UNKNOWN_REASON: Readonly<Record<ReasonKind, string>> = {
  cancel_reason: '请从列表中选择取消原因',
  return_reason: '请从列表中选择归还原因',
};

/**
 * The dictionary value `value` names, or undefined when none was sent (builds older than the
 * reasons send only the order's id, and their cancel must keep working); 422 when unknown.
 */
export async function checkedReason(
  db: Db | Trx,
  kind: ReasonKind,
  value: string | undefined,
): Promise<string | undefined> {
  if (value === undefined) return undefined;
  const entry = await dictionaryEntry(db, kind, value);
  if (!entry) throw new ApiError(422, UNKNOWN_REASON[kind], 422);
  return entry.value;
}
