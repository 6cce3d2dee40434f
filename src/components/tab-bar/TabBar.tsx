// The mini-programs draw the native tab bar from app.config.ts; only H5 draws its own
// (TabBar.h5.tsx), so this file is what the mini-program builds resolve.
export function TabBar(_props: { current: string }) {
  return null;
}
