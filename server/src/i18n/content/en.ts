/** English for the server's own content (../content-sources.ts lists it). */
import { brandCoupons } from './brand-coupons.ts';

export const en: Record<string, string> = {
  手机: 'Phones',
  笔记本电脑: 'Laptops',
  平板电脑: 'Tablets',
  相机: 'Cameras',
  游戏机: 'Game consoles',
  无人机: 'Drones',
  智能手表: 'Smartwatches',
  耳机音箱: 'Headphones & speakers',
  投影仪: 'Projectors',
  'VR/AR眼镜': 'VR/AR headsets',
  碎屏保障: 'Screen cover',
  '租期内屏幕意外碎裂，免费维修一次，无需承担维修费用。':
    'If the screen breaks by accident during the rental, one repair is free of charge.',
  意外保障: 'Accident cover',
  '租期内因意外跌落、进水造成的损坏，维修费用最高减免 80%。':
    'Damage from an accidental drop or water during the rental: up to 80% of the repair cost is covered.',
  延长保修: 'Extended warranty',
  '非人为故障在租期内免费维修，维修期间提供同级备用机。':
    'Faults not caused by the user are repaired free during the rental, with an equivalent loan device meanwhile.',
  数据清除: 'Data wipe',
  '归还时由专业人员彻底清除设备数据并出具清除报告。':
    'On return, a technician wipes the device completely and gives you a wipe report.',
  镜头保障: 'Lens cover',
  '镜头进灰、霉斑、镜片划伤免费清洁或维修一次。':
    'Dust, mould or scratches on the lens: one free cleaning or repair.',
  极速换新: 'Fast replacement',
  '收货 7 天内出现性能故障，免费换同款新机，往返运费由平台承担。':
    'A fault within 7 days of delivery: a new one of the same model, free, with shipping both ways paid by us.',
  炸机无忧: 'Crash cover',
  '飞行中意外坠毁或丢失，按设备价值 10% 赔付即可结清，其余由平台承担。':
    'If the drone crashes or is lost in flight, you pay 10% of its value and we cover the rest.',
  'iPhone 16 Pro 新机首发': 'iPhone 16 Pro: just launched',
  'iPhone 16 Pro 新机开租': 'Rent the new iPhone 16 Pro',
  '信用免押 · 次日发货 · 到期可买断':
    'No deposit with good credit · Ships next day · Buy it at the end',
  '开学季 笔记本电脑低至日租': 'Back to school: laptops from a daily rate',
  '开学季 笔记本月租特惠': 'Back to school: monthly laptop deals',
  '学生办公 · 轻薄游戏本全都有': 'For study and work · Ultrabooks and gaming laptops',
  '旅行相机 按天租': 'Travel cameras by the day',
  出游带上好相机: 'Take a good camera on your trip',
  '微单 运动相机 按天租 随租随还': 'Mirrorless and action cameras by the day, return any time',
  '大疆无人机 航拍季': 'DJI drones: aerial season',
  '大疆航拍 一天起租': 'DJI aerial shots from one day',
  '炸机无忧保障 · 新手也敢飞': 'Crash cover · Fly with confidence',
  '游戏机 周末畅玩': 'Game consoles for the weekend',
  '周末畅玩 Switch PS5': 'Weekend play: Switch, PS5',
  '主机掌机 七天起租': 'Home and handheld consoles from seven days',
  信用免押金: 'No deposit with good credit',
  芝麻信用免押金: 'No deposit with Sesame Credit',
  '信用越好 押金越低 最高全免': 'The better your credit, the lower the deposit, down to none',
  信用免押: 'No deposit',
  顺丰包邮: 'Free SF shipping',
  支持买断: 'Buy-out',
  次日发货: 'Ships next day',
  新品: 'New',
  随租随还: 'Return any time',
  热租推荐: 'Popular',
  手机平板: 'Phones & tablets',
  电脑办公: 'Computers & office',
  影音娱乐: 'Entertainment',
  臻享好物: 'Premium picks',
  抖音专享: 'Douyin exclusives',
  租赁规则: 'Rental rules',
  '1. 租期自签收次日起算，按所选方案的期数（月或天）计租。\n2. 首期租金在签约后支付，其余租金按账单日自动扣款或主动支付。\n3. 租期内可申请续租、归还或买断。\n4. 租赁期间商品所有权归平台所有，请勿转租、抵押或出售。':
    '1. The rental starts the day after delivery and is charged by the periods (months or days) of the plan you chose.\n2. The first rent is paid after signing; the rest is debited on each bill date or paid by you.\n3. During the rental you can renew, return or buy out.\n4. The item belongs to us during the rental: do not sublet, pledge or sell it.',
  增值服务说明: 'About add-on services',
  '增值服务为可选项，随租金按期收取或一次性收取。保障服务仅覆盖租期内发生的损坏，每项保障每个订单限用一次，人为故意损坏不在保障范围内。':
    'Add-on services are optional and charged with each rent or once. Cover applies only to damage during the rental, once per service per order; deliberate damage is not covered.',
  买断说明: 'About buying out',
  '租期内任意时间可申请买断，买断价随已付期数逐期降低；支付买断款后商品归您所有，押金同时退回。':
    'You can buy the item at any time during the rental; the price falls with each period paid. Once you pay it, the item is yours and the deposit comes back.',
  归还说明: 'About returns',
  '租期结束前 3 天内申请归还，请将商品及全部配件、包装寄回指定地址，寄回运费由平台承担。验机通过后押金原路退回。':
    'Ask to return within 3 days before the rental ends and send the item with all accessories and packaging to the address given; we pay the shipping. The deposit is refunded once the item passes inspection.',
  相机使用须知: 'Camera notes',
  '请在归还前清空存储卡并取出电池；镜头请勿直接对准强光源。':
    'Empty the memory card and take out the battery before returning; do not point the lens straight at strong light.',
  无人机飞行须知: 'Drone flight notes',
  '起飞重量超过 250 克的无人机需在中国民航局无人驾驶航空器综合管理平台实名登记；请勿在机场、禁飞区及人群上方飞行。':
    "Drones over 250 g take-off weight must be registered with the CAAC's unmanned aircraft platform; do not fly near airports, in no-fly zones or over crowds.",
  游戏机使用须知: 'Game console notes',
  '归还前请退出个人账号并恢复出厂设置，数字版游戏随账号保留。':
    'Sign out of your accounts and restore factory settings before returning; digital games stay with your account.',
  新人首租立减: 'New customer discount',
  '首期租金立减 20 元': '¥20 off the first rent',
  '满 300 减 30': '¥30 off ¥300',
  '首期支付满 300 元可用': 'For a first payment of ¥300 or more',
  数码焕新券: 'Digital upgrade coupon',
  '手机、平板、笔记本首期满 500 减 50':
    '¥50 off a first payment of ¥500 on phones, tablets and laptops',
  ...brandCoupons((n) => `Brand coupon no. ${n}`),
  '本品牌专享，首期满 200 减 15': 'This brand only: ¥15 off a first payment of ¥200',
  月: 'month',
  天: 'day',
  父母: 'Parent',
  配偶: 'Spouse',
  子女: 'Child',
  兄弟姐妹: 'Sibling',
  朋友: 'Friend',
  同事: 'Colleague',
  租期已到: 'The rental has ended',
  不想租了: 'I no longer need it',
  商品故障: 'The item is faulty',
  与描述不符: 'Not as described',
  其他: 'Other',
  信息填写错误: 'I entered wrong details',
  找到更便宜的: 'I found it cheaper elsewhere',
  审核时间太长: 'The review takes too long',
  商品问题: 'Product',
  物流问题: 'Delivery',
  费用问题: 'Charges',
  服务态度: 'Service',
  功能建议: 'Suggestion',
  顺丰速运: 'SF Express',
  京东快递: 'JD Logistics',
  '中国邮政 EMS': 'China Post EMS',
  中通快递: 'ZTO Express',
  圆通速递: 'YTO Express',
  申通快递: 'STO Express',
  韵达快递: 'Yunda Express',
  极兔速递: 'J&T Express',
  租赁流程: 'How renting works',
  '怎么租一台设备？': 'How do I rent a device?',
  '选择商品、颜色规格和租期方案，提交订单后完成实名认证和信用评估，签署租赁合同并支付首期租金，审核通过后即可发货。':
    'Choose the product, its colour and specification and a plan. After you place the order, verify your identity and pass the credit check, sign the rental contract and pay the first rent; once approved, it ships.',
  '租期从什么时候开始算？': 'When does the rental start?',
  '租期从您签收商品的次日 0 点开始计算，签收当天不计租金。':
    'At midnight after the day you receive the item; the day of delivery is free.',
  '可以续租吗？': 'Can I renew?',
  '可以。租期结束前 7 天可在“我的订单”中申请续租，续租租金按原方案计算。':
    'Yes. From 7 days before the end, renew under My orders; the rent stays that of your plan.',
  订单与发货: 'Orders and delivery',
  '下单后多久发货？': 'How soon does it ship?',
  '审核通过后 24 小时内发货，默认顺丰速运，偏远地区可能延后 1-2 天。':
    'Within 24 hours of approval, by SF Express; remote areas may take 1-2 days longer.',
  '可以修改收货地址吗？': 'Can I change the delivery address?',
  '发货前可在订单详情中修改收货地址，发货后请联系客服处理。':
    'Before shipping, change it in the order details; after that, contact customer service.',
  '怎么取消订单？': 'How do I cancel an order?',
  '发货前可在订单详情中直接取消，已支付的款项原路退回。':
    'Before shipping, cancel it in the order details; what you paid is refunded the way you paid.',
  账单与支付: 'Bills and payment',
  '每期租金怎么支付？': 'How do I pay each rent?',
  '可开通自动代扣，到期日自动从支付宝或绑定的银行卡扣款；也可在账单页主动支付。':
    'Turn on automatic payments to have it debited from Alipay or your bank card on the due date, or pay it yourself on the bills page.',
  '逾期会怎样？': 'What if I pay late?',
  '逾期将按日收取违约金并可能影响您的信用记录，请按时支付租金。':
    'A daily late fee is charged and your credit record may suffer, so please pay on time.',
  '可以提前还清吗？': 'Can I pay off early?',
  '可以在账单页一次性支付剩余租金，或申请买断。':
    'Yes: pay all the remaining rent at once on the bills page, or buy the item out.',
  归还与买断: 'Returns and buy-out',
  '租期到了怎么归还？': 'How do I return it at the end?',
  '在订单详情中申请归还，按页面提供的地址寄回商品并填写快递单号，验机完成后押金原路退回。':
    'Ask to return it in the order details, send it to the address shown and enter the tracking number; the deposit is refunded after inspection.',
  '买断价格怎么算？': 'How is the buy-out price set?',
  '买断价随已付期数逐期降低，商品详情的租期方案中列出了每期之后的买断价。':
    "It falls with each period paid; each plan on the product's page lists the price after every period.",
  '归还时设备有磨损怎么办？': 'What if the device shows wear?',
  '正常使用痕迹不收费；超出正常使用的损坏按《租赁服务协议》中的定损标准处理。':
    'Normal wear is free; damage beyond it is assessed by the standards of the rental agreement.',
  押金与信用: 'Deposit and credit',
  '押金可以减免吗？': 'Can the deposit be waived?',
  '支持芝麻信用评估，信用良好可部分或全额免押，具体以下单时的评估结果为准。':
    'With a Sesame Credit check, good credit waives part or all of it, as the check at ordering decides.',
  '押金什么时候退？': 'When is the deposit refunded?',
  '商品归还并验机通过后 1-3 个工作日内原路退回。':
    'Within 1-3 working days after the item is back and passes inspection, the way you paid.',
  售后与保障: 'After-sales and cover',
  '收到的设备有问题怎么办？': 'What if the device has a problem?',
  '签收 7 天内出现非人为性能故障，可申请免费换新；之后的故障按所购保障服务处理。':
    'A fault not caused by you within 7 days of delivery gets a free replacement; later faults are handled by the cover you bought.',
  '增值服务有哪些？': 'What add-on services are there?',
  '提供碎屏保障、意外保障、延长保修、数据清除等服务，可在下单时选择，详见增值服务说明。':
    'Screen cover, accident cover, extended warranty, data wipe and more, chosen when you order; see About add-on services.',
  '每天 09:00-21:00': 'daily 09:00-21:00',
  '订单、账单、支付与退款记录（含商品、金额、收货地址）':
    'Orders, bills, payments and refunds (with the items, amounts and delivery addresses)',
  '《电子商务法》第三十一条：交易信息自交易完成之日起保存不少于三年':
    'E-Commerce Law art. 31: transaction records are kept at least three years after the transaction',
  已签署的租赁合同与代扣协议: 'Signed rental contracts and automatic payment agreements',
  '《民法典》第一百八十八条诉讼时效三年；《电子签名法》要求数据电文可供查验':
    'Civil Code art. 188: a three-year limitation period; the Electronic Signature Law requires the records to stay verifiable',
  您同意各项协议与授权的记录: 'The records of your consent to each agreement and authorisation',
  '《个人信息保护法》第十四条：证明处理个人信息已取得您的同意':
    'Personal Information Protection Law art. 14: proof that your personal information was processed with your consent',
  '手机号、昵称、头像及支付宝/微信账号绑定':
    'Your mobile number, nickname, avatar and linked Alipay/WeChat accounts',
  '实名信息、身份证照片、人脸认证记录与信用评分':
    'Your identity details, ID card photos, face checks and credit score',
  紧急联系人与收货地址簿: 'Your emergency contacts and delivery addresses',
  '银行卡（已用于代扣的卡仅保留银行名称与卡号前六后四位）':
    'Your bank cards (for a card used for automatic payments, only the bank and the first six and last four digits are kept)',
  '未使用的优惠券、反馈中的联系方式与图片':
    'Unused coupons, and the contact details and pictures in your feedback',
  所有平台上的登录状态: 'Your logins on every platform',
  商家已发货: 'Shipped by the merchant',
  快件已签收: 'Delivered',
  归还快件已寄出: 'Return parcel sent',
  商家已收到归还: 'Return received by the merchant',
  下单: 'Order placed',
  支付超时: 'Payment timed out',
  发起免押授权: 'Deposit authorisation started',
  免押授权失败: 'Deposit authorisation failed',
  '已签收（物流）': 'Delivered (courier)',
  押金已释放: 'Deposit released',
  '押金已退还/解冻': 'Deposit refunded or unfrozen',
  '合同 {flowId} 已签署': 'Contract {flowId} signed',
  '续租至 {date}': 'Renewed until {date}',
  '免除剩余租金 ¥{waived}，提前归还手续费 ¥{fee}':
    'Remaining rent of ¥{waived} waived, early return fee ¥{fee}',
  '押金满 {days} 天：抵扣账单 ¥{used}，退还 ¥{left}':
    'Deposit held {days} days: ¥{used} paid bills, ¥{left} refunded',
};
