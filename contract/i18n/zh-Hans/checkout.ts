/**
 * Simplified Chinese, checkout area: confirming an order.
 */
export const checkoutMessages = {
  'checkout.addAddress': '添加收货地址',
  'checkout.address': '收货地址',
  'checkout.addressRequired': '请选择收货地址',
  'checkout.agree': '我已阅读并同意',
  'checkout.agreementLink': '《租赁及服务协议》',
  'checkout.breakdown': '费用明细',
  'checkout.choiceGone': '所选规格或方案已不可用，请返回重新选择',
  'checkout.coupon': '优惠券',
  'checkout.couponDiscount': '优惠券抵扣',
  'checkout.couponNone': '不使用优惠券',
  'checkout.couponNoneAvailable': '暂无可用优惠券',
  'checkout.days': '天',
  'checkout.deposit.card': '银行卡代扣',
  'checkout.deposit.cardExplain':
    '绑定银行卡并签署代扣协议，每期租金按期从银行卡扣款；押金 ¥{deposit}。',
  'checkout.deposit.freeze': '预授权冻结',
  'checkout.deposit.freezeExplain':
    '押金 ¥{deposit} 通过支付宝资金预授权冻结，不会扣款；订单完成后自动解冻。',
  'checkout.deposit.paid': '支付押金',
  'checkout.deposit.paidExplain': '押金 ¥{deposit} 随首期租金一起支付，归还验机或买断后退还。',
  'checkout.deposit.title': '押金方式',
  'checkout.deposit.waived': '信用免押',
  'checkout.deposit.waivedExplain':
    '信用评分达标即可免押金（原押金 ¥{deposit}），下单后进行信用评估。',
  'checkout.deposit.waivedShort': '免押',
  'checkout.depositAmount': '押金',
  'checkout.firstPayment': '首期租金',
  'checkout.months': '个月',
  'checkout.once': '/次',
  'checkout.payNow': '应付金额',
  'checkout.perDay': '/天',
  'checkout.perMonth': '/月',
  'checkout.plan': '租期 {term}{unit}',
  'checkout.rent': '租金',
  'checkout.required': '必选',
  'checkout.services': '增值服务',
  'checkout.submit': '提交订单',
  'checkout.submitting': '提交中...',
  'checkout.totalRent': '总租金',
} as const;
