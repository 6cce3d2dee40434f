/** Credit score (Zhima): a score for the person on the ID, and whether it clears the pass line. */

export interface CreditProvider {
  readonly name: string;
  score(input: { name: string; idNo: string }): Promise<{ score: number; passed: boolean }>;
}
