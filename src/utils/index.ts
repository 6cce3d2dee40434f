export { formatMoney } from './money';
export { timeFrom } from './time';
export { maskCardNo, maskIdCard, maskMobile } from './mask';
