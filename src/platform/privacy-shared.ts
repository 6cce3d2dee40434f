/**
 * What every target's privacy module shares. Its own file: inside `privacy.weapp.ts`, an import
 * of './privacy' resolves to that same file (Taro picks the target's variant).
 */

/** Answers the host's pending request: agreed or declined. */
export type PrivacyAnswer = (agreed: boolean) => void;

/** The id WeChat expects back for the agree button. */
export const AGREE_BUTTON_ID = 'privacy-agree';
