/**
 * The H5 root font size (rem) follows the viewport: see viewport.h5.ts. Mini-programs size with
 * rpx and need nothing, so this default does nothing.
 */
export function installRootFontSize(): () => void {
  return () => undefined;
}
