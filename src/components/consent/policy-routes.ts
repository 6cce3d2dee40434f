/**
 * Which pages the policy prompt covers and what it asks for: no imports, so scripts/h5-index.ts
 * can write the same into H5's index.html (its start-up script asks for the consents early).
 */

/** Pages the prompt never covers: the texts it links to, and the login pages. */
export const UNCOVERED = [
  'pages/text/user',
  'pages/text/register',
  'pages/agreement/agreement',
  'pages/loginNew/loginNew',
  'pages/login/login',
];

export const BASE_KINDS = ['privacy_policy', 'user_agreement'] as const;
export type BaseKind = (typeof BASE_KINDS)[number];
