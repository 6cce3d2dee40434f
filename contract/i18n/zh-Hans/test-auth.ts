/**
 * Simplified Chinese, testAuth area: the pre-authorisation test page, which sits in the main package (pages/testAuth).
 */
export const testAuthMessages = {
  'payment.testTitle': '测试预授权',
  'payment.testExplain':
    '发起一笔 ¥0.01 的支付宝资金授权，冻结成功后立即解冻，用于检查授权是否可用',
  'payment.testStart': '发起测试授权',
  'payment.testResult': '授权单号 {no}，金额 ¥{amount}，状态：{status}',
  'payment.statusPending': '处理中',
  'payment.statusFrozen': '已冻结',
  'payment.statusFailed': '失败',
} as const;
