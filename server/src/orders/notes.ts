/**
 * What the order's timeline and its parcels' traces say in the server's words (Simplified
 * Chinese); the served languages translate them (i18n/content.ts). `{name}` marks a part that
 * varies, as the code that writes the note fills it in.
 */

/** A parcel trace's text by the order action that made it. */
export const EXPRESS_TEXT: Record<string, string> = {
  ship: '商家已发货',
  deliver: '快件已签收',
  ship_return: '归还快件已寄出',
  receive_return: '商家已收到归还',
};

/** Every note the order engine writes on the timeline (ops staff's own notes aside). */
export const TIMELINE_NOTES: readonly string[] = [
  '下单',
  '支付超时',
  '发起免押授权',
  '免押授权失败',
  '已签收（物流）',
  '押金已释放',
  '押金已退还/解冻',
  '合同 {flowId} 已签署',
  '续租至 {date}',
  '免除剩余租金 ¥{waived}，提前归还手续费 ¥{fee}',
  '押金满 {days} 天：抵扣账单 ¥{used}，退还 ¥{left}',
];
