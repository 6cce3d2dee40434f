/**
 * The rental contract as HTML. Every value is escaped where it is written into the markup, and
 * the finished fragment goes through sanitize-html with a short allow-list (no scripts, no event
 * handlers, no URLs of any kind): two independent layers, so a slip in one is caught by the other.
 */
import { yuan } from '../money.ts';
import sanitizeHtml from 'sanitize-html';

export interface ContractBill {
  kind: string;
  period: number;
  dueDate: string;
  /** fen owed: original − discount */
  amount: number;
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
  goods: { name: string; color: string; capacity: string; condition: string; marketPrice: number };
  plan: {
    termUnit: 'month' | 'day';
    term: number;
    rentPerPeriod: number;
    firstPayment: number;
    deposit: number;
    buyoutPrices: number[];
  };
  services: { name: string; price: number; priceUnit: 'once' | 'period' }[];
  depositMethod: 'freeze' | 'card' | 'paid' | 'waived';
  couponDiscount: number;
  bills: ContractBill[];
  /** YYYY-MM-DD */
  date: string;
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

const ALLOWED: sanitizeHtml.IOptions = {
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

export function sanitizeContract(html: string): string {
  return sanitizeHtml(html, ALLOWED);
}

export function renderContract(data: ContractData): string {
  const e = escapeHtml;
  const unit = data.plan.termUnit === 'month' ? '月' : '天';
  const period = data.plan.termUnit === 'month' ? '期' : '天';
  const row = (label: string, value: string) => `<tr><th>${e(label)}</th><td>${e(value)}</td></tr>`;
  const address = data.address;
  const bills = data.bills
    .map(
      (bill) =>
        `<tr><td>${e(BILL_KINDS[bill.kind] ?? bill.kind)}</td><td>${bill.period}</td>` +
        `<td>${e(bill.dueDate)}</td><td>${yuan(bill.amount)}</td></tr>`,
    )
    .join('');
  const buyout = data.plan.buyoutPrices
    .map((price, index) => `<li>第 ${index + 1} ${period}后买断价 ${yuan(price)} 元</li>`)
    .join('');
  const services = data.services.length
    ? data.services
        .map((s) => `${s.name} ${yuan(s.price)} 元/${s.priceUnit === 'once' ? '次' : period}`)
        .join('；')
    : '无';
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
<table class="plan"><tbody>
${row('租期', `${data.plan.term} ${unit}`)}
${row('每期租金', `${yuan(data.plan.rentPerPeriod)} 元`)}
${row('首期应付', `${yuan(data.plan.firstPayment)} 元`)}
${row('优惠', `${yuan(data.couponDiscount)} 元`)}
</tbody></table>
<table class="bills"><thead><tr><th>款项</th><th>期数</th><th>到期日</th><th>金额（元）</th></tr></thead><tbody>${bills}</tbody></table>
<h2>四、押金</h2>
<p>押金 ${yuan(data.plan.deposit)} 元，方式：${e(DEPOSIT_METHODS[data.depositMethod])}。</p>
<h2>五、归还</h2>
<p>租期届满，乙方应在到期日后 3 日内将租赁物寄回甲方指定地址；逾期未归还的，按日计收逾期费，超过宽限期视为逾期归还。租赁物经检测有损坏或缺件的，乙方按检测结果赔偿，可从押金中抵扣。</p>
<h2>六、买断</h2>
<p>租期内乙方可申请买断。买断应付 = 当期买断价 + 未付租金 + 逾期费 − 可抵扣押金；押金不足部分乙方补足，剩余部分解冻或退还。</p>
<ol class="buyout">${buyout}</ol>
<h2>七、代扣授权</h2>
<p>乙方授权甲方在每期租金到期日从乙方绑定的银行卡或支付宝资金授权中扣收当期应付款项。</p>
</article>`;
  return sanitizeContract(html);
}
