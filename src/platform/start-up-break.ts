/**
 * Only H5 breaks its start-up in two (start-up-break.h5.ts): a mini-program's app.js must call
 * App() while it is evaluated.
 */
export {};
