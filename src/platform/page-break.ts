/**
 * Only H5 breaks a page's start in two (page-break.h5.ts): a mini-program registers its page
 * with Page() while the page's module is evaluated.
 */
export {};
