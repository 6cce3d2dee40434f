/**
 * The brand's theme colour for what the platform draws itself (a dialog's confirm button): Taro's
 * H5 dialog confirms in green and WeChat's in blue unless told, which clashed with the orange and
 * red brands. The theme (./theme) sets it when the brand is applied at launch.
 */
let accent: string | undefined;

export function setAccentColor(color: string): void {
  accent = color;
}

export function accentColor(): string | undefined {
  return accent;
}
