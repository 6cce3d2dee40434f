/** The dialogs every page frame may show over the page (frame-dialogs.h5.tsx says why H5 differs). */
export { PolicyPrompt } from './PolicyPrompt';
export { PrivacyPopup } from './PrivacyPopup';
