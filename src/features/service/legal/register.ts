import type { LegalDocument, LegalParties } from './types';

/** 注册协议 (text/register): what the user accepts by creating an account. */
export function registrationAgreement({
  companyName,
  platformName,
  userPhone,
}: LegalParties): LegalDocument {
  return {
    title: '用户注册协议',
    updated: '2026-11-01',
    preamble: `欢迎注册${platformName}。本协议是您与${companyName}之间关于注册和使用${platformName}账户的约定。您勾选同意并完成登录，即表示您已阅读并接受本协议及《隐私政策》。`,
    sections: [
      {
        heading: '一、注册资格',
        paragraphs: [
          '您应为年满 18 周岁、具有完全民事行为能力的自然人。不符合条件的，请勿注册；已注册的，我们有权注销其账户。',
        ],
      },
      {
        heading: '二、账户注册与使用',
        paragraphs: [
          '您以本人手机号码和短信验证码注册并登录，一个手机号码只能注册一个账户。',
          '账户仅限您本人使用，不得出借、转让或出售。因您保管不善导致的损失由您自行承担。',
          '更换手机号码时，请在“我的”页面通过短信验证后更换，以免无法登录或收到他人的通知。',
        ],
      },
      {
        heading: '三、用户行为规范',
        paragraphs: [
          '您不得以他人身份注册，不得利用账户从事欺诈、套现等违法活动，不得使用程序批量注册或刷单。',
          '违反上述规定的，我们有权暂停或终止提供服务，并保留追究法律责任的权利。',
        ],
      },
      {
        heading: '四、通知',
        paragraphs: [
          '您同意我们通过短信、应用内消息向您发送验证码、订单、账单及服务通知。营销类消息您可以随时退订。',
        ],
      },
      {
        heading: '五、账户注销',
        paragraphs: [
          `您可以联系客服申请注销账户。注销前需结清全部订单和账单；注销后，我们将按《隐私政策》删除或匿名化处理您的个人信息。`,
        ],
      },
      {
        heading: '六、其他',
        paragraphs: [`本协议适用中华人民共和国法律。如有疑问，请拨打客服电话 ${userPhone}。`],
      },
    ],
  };
}
