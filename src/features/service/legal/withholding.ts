import type { LegalDocument, LegalParties } from './types';

/**
 * 代扣授权协议: what the user allows when they agree to automatic deduction from their bank
 * card (the `withholding` consent, asked before signing a contract whose bills are withheld). Its
 * date is the consent's version (server/src/privacy/policies.ts).
 */
export function withholdingAgreement({
  companyName,
  platformName,
  userPhone,
}: LegalParties): LegalDocument {
  return {
    title: '代扣授权协议',
    updated: '2026-11-25',
    preamble: `本协议由您（授权人）与${companyName}（被授权人，“${platformName}”平台运营方）订立。您同意本协议后，${platformName}可按本协议约定，从您在平台绑定的银行卡中扣收您租赁订单的到期款项。本协议只涉及扣款，不涉及您的身份信息与信用评估，相关授权另行取得。`,
    sections: [
      {
        heading: '第一条 扣款范围',
        paragraphs: [
          '授权扣收的款项仅限于您已签署电子合同的租赁订单所产生的账单：各期租金、按合同约定计收的逾期违约金，以及经您确认的赔偿款。',
          '每次扣收的金额以该账单在平台显示的应还金额为准，不超过您签署的电子合同约定的金额。',
        ],
      },
      {
        heading: '第二条 扣款账户与时间',
        paragraphs: [
          '扣款账户为您在平台绑定并通过银行预留手机号验证的银行卡。您更换绑定银行卡的，自更换之日起从新卡扣款。',
          '平台在账单到期日（含当日）发起扣款；扣款未成功的，平台可在账单结清前每日再次发起，直至扣款成功、您自行支付或本授权解除。',
          '扣款成功后，平台将通过短信或消息通知您扣款金额与对应账单，您也可在订单的账单页查看。',
        ],
      },
      {
        heading: '第三条 您的义务',
        paragraphs: [
          '请确保扣款银行卡状态正常、余额充足。因余额不足、银行卡挂失或注销等原因扣款未成功的，账单仍按合同约定计算逾期违约金。',
          '您可以在账单到期前自行在平台支付，已支付的账单不会重复扣款。',
        ],
      },
      {
        heading: '第四条 解除授权',
        paragraphs: [
          `您可以随时在“我的 → 自动扣款授权”中解除本授权，解除后平台立即停止发起扣款，并通知银行解除代扣；此后到期的账单需您自行支付。您也可以致电客服 ${userPhone} 办理。`,
          '解除授权不影响您在租赁合同下的付款义务，也不影响解除前已成功扣收的款项。',
        ],
      },
      {
        heading: '第五条 信息保护',
        paragraphs: [
          '平台仅保存银行卡号的前六位与后四位及用于识别的加密摘要，不保存完整卡号；银行卡信息仅用于本协议约定的扣款。',
        ],
      },
      {
        heading: '第六条 其他',
        paragraphs: [
          '本协议自您同意时生效，至您在平台的全部租赁订单结清或您解除授权时终止。',
          '本协议的更新将在平台公布，并在您下次需要扣款授权时请您重新阅读并同意。',
          '因本协议产生的争议，双方协商解决；协商不成的，依照您与平台签署的租赁合同约定的方式解决。',
        ],
      },
    ],
  };
}
