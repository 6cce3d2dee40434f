import type { LegalDocument, LegalParties } from './types';

/** 服务协议: the terms of using the platform itself (accounts, orders, the user's duties). */
export function serviceAgreement({
  companyName,
  platformName,
  userPhone,
}: LegalParties): LegalDocument {
  return {
    title: '服务协议',
    updated: '2026-11-01',
    preamble: `${platformName}由${companyName}运营，为您提供数码设备租赁的信息展示、下单、签约、支付与售后服务。请您在使用前仔细阅读本协议，特别是第七条“责任限制”。`,
    sections: [
      {
        heading: '一、服务内容',
        paragraphs: [
          `${platformName}提供商品浏览、租赁下单、实名认证、信用评估、电子合同签署、账单支付、归还与买断等服务。具体服务以平台页面实际提供的为准。`,
        ],
      },
      {
        heading: '二、账户',
        paragraphs: [
          '您可以使用手机号验证码、支付宝或微信授权登录。您应保管好自己的手机和账户，通过您账户进行的操作视为您本人的行为。',
          '如发现账户被他人使用，请立即联系客服冻结账户。',
        ],
      },
      {
        heading: '三、实名认证与信用评估',
        paragraphs: [
          '为防范欺诈并依法履行反洗钱义务，下单前您需要完成实名认证。经您授权，平台会向合作的征信机构查询您的信用评估结果，用于决定是否为您提供服务及押金减免额度。',
        ],
      },
      {
        heading: '四、您的义务',
        paragraphs: [
          '您应提供真实、准确、完整的身份和联系信息，并在信息变更时及时更新。',
          '您不得利用平台从事违法活动，不得以虚假身份租赁商品，不得干扰平台的正常运行。',
        ],
      },
      {
        heading: '五、费用',
        paragraphs: [
          '注册和浏览免费。租赁产生的租金、押金、增值服务费等，以订单页面和电子合同列明的金额为准，平台不会收取任何未经您确认的费用。',
        ],
      },
      {
        heading: '六、服务变更与中止',
        paragraphs: [
          '平台可能因系统维护或升级暂停部分服务，会尽可能提前通知。您违反本协议的，平台有权限制或中止向您提供服务，但不影响已成立订单的履行。',
        ],
      },
      {
        heading: '七、责任限制',
        paragraphs: [
          '因不可抗力、电信运营商或第三方支付机构故障导致的服务中断，平台不承担责任，但会积极协助您减少损失。',
        ],
      },
      {
        heading: '八、协议变更',
        paragraphs: [
          '本协议更新时，平台会在页面显著位置公示并在您下次登录时提示。您继续使用服务即视为接受更新后的协议。',
        ],
      },
      {
        heading: '九、联系我们',
        paragraphs: [`运营方：${companyName}。客服电话：${userPhone}。`],
      },
    ],
  };
}
