// `timeFrom` (./time) is not re-exported: dayjs, which it needs, would otherwise ride along with
// every import of this file into the mini-programs' size-limited main package. Import it from
// './time' where it is used.
export { formatMoney } from '../../contract/money';
export { maskCardNo, maskIdCard, maskMobile } from './mask';
export { throttle, type Throttled } from './throttle';
export { createLongPress, type TouchLike, type TouchPoint } from './long-press';
export { trackAsyncLoad, type AsyncLoadOptions, type AsyncLoadState } from './async-load';
export { idParam } from './id-param';
