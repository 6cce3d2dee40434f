/**
 * Simplified Chinese, customerService area: the customer-service tab (questions, contact). Main package.
 */
export const customerServiceMessages = {
  'phone.callFailed': '拨号失败，请手动拨打 {phone}',
  'service.loadFailed': '加载失败，点击重试',
  'service.loading': '加载中...',
  'service.types': '问题分类',
  'service.questions': '{type}相关问题',
  'service.questionsEmpty': '该分类下暂无问题',
  'service.typesEmpty': '暂无问题分类',
  'service.showAnswer': '查看答案',
  'service.hideAnswer': '收起答案',
  'service.call': '拨打客服电话',
  'service.workTime': '服务时间 {time}',
  'service.chat': '在线客服',
  'service.chatUnavailable': '在线客服暂不可用，请拨打客服电话',
  'service.chatDemo': '演示版：消息不会发送给客服',
  'service.phoneLine': '客服电话：{phone}',
  'service.feedbackEntry': '意见反馈',
  'service.faqEntry': '常见问题',
  'service.agreementEntry': '租赁及服务协议',
} as const;
