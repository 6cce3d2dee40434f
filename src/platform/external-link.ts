import { copyText, showToast } from './ui';

/**
 * An outside website. Mini-programs may not open arbitrary sites: the address is copied for the
 * browser instead. H5 opens it in a new tab (external-link.h5.ts).
 */
export async function openExternalSite(url: string, copiedMessage: string): Promise<void> {
  if (await copyText(url)) void showToast(copiedMessage);
}
