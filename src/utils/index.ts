export { formatMoney } from './money';
export { timeFrom } from './time';
export { maskCardNo, maskIdCard, maskMobile } from './mask';
export { throttle, type Throttled } from './throttle';
export { createLongPress, type TouchLike, type TouchPoint } from './long-press';
export { trackAsyncLoad, type AsyncLoadOptions, type AsyncLoadState } from './async-load';
export { idParam } from './id-param';
