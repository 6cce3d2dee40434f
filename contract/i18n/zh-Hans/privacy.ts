/**
 * Simplified Chinese, privacy area: account cancellation, withholding and the about page.
 */
export const privacyMessages = {
  'privacy.cancel.intro': '注销后，您将无法再登录此账户，以下信息会被删除或匿名化，且无法恢复：',
  'privacy.cancel.kept': '依法保留的信息：',
  'privacy.cancel.keptYears': '（保留{years}年）',
  'privacy.cancel.blocked': '暂时无法注销，请先处理：',
  'privacy.cancel.blockedOrder': '订单 {id}：{goods}（{status}）',
  'privacy.cancel.blockedBill': '订单 {orderId} 第 {period} 期账单：待付 ¥{amount}（{due} 到期）',
  'privacy.cancel.confirm': '确认注销',
  'privacy.cancel.confirmAsk': '注销后无法恢复，确定要注销账户吗？',
  'privacy.cancel.done': '账户已注销',
  'privacy.about.operator': '运营主体：{company}',
  'privacy.about.icp': 'ICP备案号：{icp}',
  'privacy.about.phone': '客服电话：{phone}',
  'privacy.withholding.hint': '解除后，该订单的账单不再自动扣款，请在到期前自行支付。',
  'privacy.withholding.none': '暂无自动扣款授权',
  'privacy.withholding.card': '扣款卡：{bank} {card}',
  'privacy.withholding.order': '订单 {id}，{date} 签署',
  'privacy.withholding.cancel': '解除代扣',
  'privacy.withholding.confirmAsk': '解除后账单需手动支付，逾期会产生逾期费用。确定解除吗？',
  'privacy.withholding.cancelled': '已解除代扣',
  'privacy.withholding.cancelledOn': '已于 {date} 解除',
  'privacy.withholding.bankPending': '正在通知银行解除代扣协议',
  'privacy.withholding.bankRevoked': '银行已确认解除',
} as const;
