/**
 * The rental contract as HTML. Every value is escaped where it is written into the markup, and
 * the finished fragment goes through sanitize-html with a short allow-list (no scripts, no event
 * handlers, no URLs of any kind): two independent layers, so a slip in one is caught by the other.
 */
import { sanitizeHtml, type SanitizeOptions } from '../lib/sanitize.ts';
import type { BuyoutRow, DueRule, LeaseQuote } from '../../../contract/lease/index.ts';
import { dueDateOf, EARLY_RETURN_FEE_BP, MIN_BUYOUT_PRICE } from '../../../contract/lease/index.ts';
import { yuan } from '../lib/money.ts';

export interface ContractBill {
  kind: string;
  period: number;
  /** When it falls due, as the contract states it: a date, or how it follows from the start. */
  dueDate: string;
  /** fen owed: original − discount */
  amount: number;
}

/** The lease's figures, all from its one quote (contract/lease `leaseQuote`). */
export interface ContractMoney {
  perPeriod: number;
  rentPerPeriod: number;
  servicesPerPeriod: number;
  servicesOnce: number;
  firstBill: number;
  couponDiscount: number;
  deposit: number;
  depositPaidNow: number;
  payNow: number;
  totalPayable: number;
}

export interface ContractData {
  contractNo: string;
  /** The brand's company: the lessor. */
  lessor: { company: string; platformName: string; servicePhone: string };
  lessee: { name: string; idNoMasked: string; mobileMasked: string };
  address: {
    name: string;
    mobileMasked: string;
    province: string;
    city: string;
    district: string;
    detail: string;
  };
  contact: { name: string; relation: string; mobileMasked: string } | null;
  /** `marketPrice`: the leased SKU's, which caps every buy-out price. */
  goods: { name: string; color: string; capacity: string; condition: string; marketPrice: number };
  termUnit: 'month' | 'day';
  term: number;
  money: ContractMoney;
  services: { name: string; price: number; priceUnit: 'once' | 'period' }[];
  depositMethod: 'freeze' | 'card' | 'paid' | 'waived' | 'payscore';
  bills: ContractBill[];
  buyout: BuyoutRow[];
  /** YYYY-MM-DD */
  date: string;
}

/**
 * How the contract states a due date. Before receipt the rent start date is not known (rent
 * starts the day after receipt), so later rents are stated relative to it; once it is known,
 * the date itself, with the rule beside it.
 */
export function contractDueText(due: DueRule, startDate: string | null): string {
  if (due.at === 'firstPayment') return '首次支付时（发货前）';
  const rule =
    due.after === 0
      ? '起租日'
      : `起租日后第 ${due.after} ${due.unit === 'month' ? '个月的对应日' : '日'}`;
  if (startDate === null) return rule;
  return `${dueDateOf(due, { placedOn: startDate, start: startDate })}（${rule}）`;
}

/** The contract's money and schedule from the lease quote (and the start date, when known). */
export function contractTermsOf(
  quote: LeaseQuote,
  startDate: string | null,
): Pick<ContractData, 'termUnit' | 'term' | 'money' | 'bills' | 'buyout'> {
  return {
    termUnit: quote.termUnit,
    term: quote.term,
    money: {
      perPeriod: quote.perPeriod,
      rentPerPeriod: quote.rentPerPeriod,
      servicesPerPeriod: quote.servicesPerPeriod,
      servicesOnce: quote.servicesOnce,
      firstBill: quote.firstBill,
      couponDiscount: quote.couponDiscount,
      deposit: quote.deposit,
      depositPaidNow: quote.depositPaidNow,
      payNow: quote.payNow,
      totalPayable: quote.totalPayable,
    },
    bills: quote.schedule.map((bill) => ({
      kind: bill.kind,
      period: bill.period,
      dueDate: contractDueText(bill.due, startDate),
      amount: bill.amount,
    })),
    buyout: quote.buyout,
  };
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

/** Text for an HTML text node or quoted attribute. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (ch) => ENTITIES[ch] ?? ch);
}

export { yuan };

const DEPOSIT_METHODS: Record<ContractData['depositMethod'], string> = {
  freeze: '支付宝资金授权冻结，租期结束且无欠款后解冻',
  card: '绑定银行卡代扣担保',
  paid: '随首期租金支付，租期结束且无欠款后原路退还',
  waived: '凭信用免押',
  payscore: '微信支付分免押（押金为支付分订单的风险金），租期结束按实际应付完结订单',
};

const BILL_KINDS: Record<string, string> = {
  FIRST: '首期租金',
  DEPOSIT: '押金',
  INSTALMENT: '分期租金',
  FINAL: '尾款',
  BUYOUT: '买断款',
  RENEWAL: '续租租金',
  OVERDUE_FEE: '逾期费',
  COMPENSATION: '赔偿款',
  EARLY_RETURN: '提前归还手续费',
};

const ALLOWED: SanitizeOptions = {
  allowedTags: [
    'article',
    'h1',
    'h2',
    'p',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'ol',
    'li',
    'strong',
    'span',
  ],
  allowedAttributes: { '*': ['class'] },
  allowedSchemes: [],
  allowedSchemesAppliedToAttributes: [],
  disallowedTagsMode: 'discard',
};

export function sanitizeContract(html: string): Promise<string> {
  return sanitizeHtml(html, ALLOWED);
}

export function renderContract(data: ContractData): Promise<string> {
  const e = escapeHtml;
  const month = data.termUnit === 'month';
  const unit = month ? '个月' : '天';
  const period = month ? '期' : '天';
  const money = data.money;
  const row = (label: string, value: string) => `<tr><th>${e(label)}</th><td>${e(value)}</td></tr>`;
  const address = data.address;
  const bills = data.bills
    .map(
      (bill) =>
        `<tr><td>${e(BILL_KINDS[bill.kind] ?? bill.kind)}</td><td>${bill.period}</td>` +
        `<td>${e(bill.dueDate)}</td><td>${yuan(bill.amount)}</td></tr>`,
    )
    .join('');
  const buyout = data.buyout
    .map((entry) =>
      month
        ? `<li>第 ${entry.afterPeriods} 期租金付清后买断价 ${yuan(entry.price)} 元</li>`
        : `<li>租期租金付清后买断价 ${yuan(entry.price)} 元</li>`,
    )
    .join('');
  const services = data.services.length
    ? data.services
        .map((s) => `${s.name} ${yuan(s.price)} 元/${s.priceUnit === 'once' ? '次' : period}`)
        .join('；')
    : '无';
  // One figure per period, and what it is made of, as every bill below asks for it.
  const perPeriod =
    money.servicesPerPeriod > 0
      ? `${yuan(money.perPeriod)} 元（租金 ${yuan(money.rentPerPeriod)} 元 + 增值服务 ${yuan(money.servicesPerPeriod)} 元）`
      : `${yuan(money.perPeriod)} 元`;
  const firstBill =
    money.servicesOnce > 0
      ? `${yuan(money.firstBill)} 元（含一次性服务费 ${yuan(money.servicesOnce)} 元）`
      : `${yuan(money.firstBill)} 元`;
  const payNow =
    money.depositPaidNow > 0
      ? `${yuan(money.payNow)} 元（含押金 ${yuan(money.depositPaidNow)} 元）`
      : `${yuan(money.payNow)} 元`;
  const html = `<article class="contract">
<h1>租赁服务协议</h1>
<p class="contract-no">合同编号：${e(data.contractNo)}&#12288;签订日期：${e(data.date)}</p>
<h2>一、协议双方</h2>
<table class="parties"><tbody>
${row('出租方（甲方）', data.lessor.company)}
${row('平台', data.lessor.platformName)}
${row('客服电话', data.lessor.servicePhone)}
${row('承租方（乙方）', data.lessee.name)}
${row('身份证号', data.lessee.idNoMasked)}
${row('手机号', data.lessee.mobileMasked)}
${row('收货人', `${address.name} ${address.mobileMasked}`)}
${row('收货地址', `${address.province}${address.city}${address.district}${address.detail}`)}
${data.contact ? row('紧急联系人', `${data.contact.name}（${data.contact.relation}）${data.contact.mobileMasked}`) : ''}
</tbody></table>
<h2>二、租赁物</h2>
<table class="goods"><tbody>
${row('商品', data.goods.name)}
${row('规格', [data.goods.color, data.goods.capacity, data.goods.condition].filter(Boolean).join(' / '))}
${row('市场价', `${yuan(data.goods.marketPrice)} 元`)}
${row('增值服务', services)}
</tbody></table>
<h2>三、租期与租金</h2>
<p>起租日为乙方签收租赁物的次日，租期自起租日起算；发货和运输期间不计租金。${
    month
      ? '首期租金在发货前支付，第 n 期租金在起租日后第 n−1 个月的对应日支付（该月没有对应日的，为该月最后一日）。'
      : '全部租金随首期在发货前支付。'
  }</p>
<table class="plan"><tbody>
${row('租期', `${data.term} ${unit}`)}
${row(month ? '每期应付' : '每日租金', perPeriod)}
${row('首期应付', firstBill)}
${row('优惠', `${yuan(money.couponDiscount)} 元`)}
${row('首次支付', payNow)}
${row('租金合计', `${yuan(money.totalPayable)} 元`)}
</tbody></table>
<table class="bills"><thead><tr><th>款项</th><th>期数</th><th>到期日</th><th>金额（元）</th></tr></thead><tbody>${bills}</tbody></table>
<h2>四、押金</h2>
<p>押金 ${yuan(money.deposit)} 元，方式：${e(DEPOSIT_METHODS[data.depositMethod])}。</p>
<h2>五、归还</h2>
<p>租期届满，乙方应在到期日后 3 日内将租赁物寄回甲方指定地址；逾期未归还的，按日计收逾期费，超过宽限期视为逾期归还。租期届满前归还的，为提前归还：尚未到期的租金免除，乙方支付免除租金的 ${EARLY_RETURN_FEE_BP / 100}% 作为提前归还手续费。租赁物经检测有损坏或缺件的，乙方按检测结果赔偿，可从押金中抵扣。</p>
<h2>六、买断</h2>
<p>租期内乙方可申请买断。买断应付 = 当期买断价 + 未付租金 + 逾期费 − 可抵扣押金；押金不足部分乙方补足，剩余部分解冻或退还。买断价不超过租赁物市场价减去已付租金，最低 ${yuan(MIN_BUYOUT_PRICE)} 元。</p>
<ol class="buyout">${buyout}</ol>
<h2>七、代扣授权</h2>
<p>乙方授权甲方在每期租金到期日从乙方绑定的银行卡或支付宝资金授权中扣收当期应付款项。</p>
</article>`;
  return sanitizeContract(html);
}
