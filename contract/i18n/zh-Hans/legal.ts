/**
 * Simplified Chinese, legal area: the privacy policy, the registration, rental and service
 * agreements (pages/text/*, pages/agreement/agreement), for the active brand's company: `{companyName}`,
 * `{platformName}` and `{userPhone}` are filled in. Chinese is the binding text; the other languages' are
 * translations for reference (service.legal.chinesePrevails says so).
 */
export const legalMessages = {
  'legal.privacy.title': '隐私政策',
  'legal.privacy.preamble':
    '{companyName}（以下简称“我们”）深知个人信息对您的重要性。本政策说明我们在您使用{platformName}时如何收集、使用、存储、共享和保护您的个人信息，以及您享有的权利。我们依照《中华人民共和国个人信息保护法》等法律法规处理您的个人信息。',
  'legal.privacy.1.heading': '一、我们收集的信息',
  'legal.privacy.1.1': '登录：手机号码；使用支付宝或微信登录时，经您授权获取的用户标识。',
  'legal.privacy.1.2': '下单与履约：收货人姓名、手机号码、收货地址；紧急联系人的姓名、关系与电话。',
  'legal.privacy.1.3':
    '实名认证与信用评估：身份证姓名与号码、身份证照片、人脸识别结果、银行卡信息，以及经您授权查询的信用评估结果。上述信息属于敏感个人信息，我们仅在您单独同意后处理。',
  'legal.privacy.1.4': '客服与反馈：您主动提供的反馈内容、图片和联系电话。',
  'legal.privacy.1.5':
    '设备与日志：为保障服务安全，我们会记录设备型号、操作系统版本、访问时间和网络状态。',
  'legal.privacy.2.heading': '二、我们如何使用信息',
  'legal.privacy.2.1':
    '用于身份核验、订单审核、签署合同、发货、收取租金、售后服务和风险防控；用于向您发送订单与账单通知。',
  'legal.privacy.2.2': '未经您的同意，我们不会将您的个人信息用于本政策未载明的其他目的。',
  'legal.privacy.3.heading': '三、共享、转让与公开披露',
  'legal.privacy.3.1':
    '为完成服务，我们会在必要范围内向以下合作方提供信息：物流公司（收货信息）、支付机构（支付所需信息）、电子签约机构（签署合同所需的身份信息）、征信机构（信用评估所需的身份信息）。',
  'legal.privacy.3.2': '我们不会出售您的个人信息，也不会公开披露，法律法规另有规定的除外。',
  'legal.privacy.4.heading': '四、存储与保护',
  'legal.privacy.4.1':
    '您的个人信息存储在中华人民共和国境内，保存期限为实现处理目的所必需的最短时间；法律法规要求更长保存期限的（如交易记录保存三年），从其规定。',
  'legal.privacy.4.2':
    '我们采用加密传输、访问控制和脱敏展示等措施保护您的信息。发生个人信息安全事件时，我们会按法律要求及时告知您。',
  'legal.privacy.5.heading': '五、您的权利',
  'legal.privacy.5.1':
    '您有权查阅、复制、更正、补充和删除您的个人信息，有权撤回授权同意，有权注销账户。注销账户前需结清全部订单与账单。',
  'legal.privacy.5.2':
    '行使上述权利，请通过“我的”页面操作，或拨打客服电话 {userPhone}，我们将在 15 个工作日内答复。',
  'legal.privacy.6.heading': '六、未成年人',
  'legal.privacy.6.1':
    '我们的租赁服务仅面向年满 18 周岁的成年人，我们不会主动收集未成年人的个人信息。',
  'legal.privacy.7.heading': '七、政策更新与联系我们',
  'legal.privacy.7.1':
    '本政策更新时，我们会在{platformName}内显著提示。如对本政策有任何疑问，请联系{companyName}，客服电话 {userPhone}。',
  'legal.register.title': '用户注册协议',
  'legal.register.preamble':
    '欢迎注册{platformName}。本协议是您与{companyName}之间关于注册和使用{platformName}账户的约定。您勾选同意并完成登录，即表示您已阅读并接受本协议及《隐私政策》。',
  'legal.register.1.heading': '一、注册资格',
  'legal.register.1.1':
    '您应为年满 18 周岁、具有完全民事行为能力的自然人。不符合条件的，请勿注册；已注册的，我们有权注销其账户。',
  'legal.register.2.heading': '二、账户注册与使用',
  'legal.register.2.1': '您以本人手机号码和短信验证码注册并登录，一个手机号码只能注册一个账户。',
  'legal.register.2.2':
    '账户仅限您本人使用，不得出借、转让或出售。因您保管不善导致的损失由您自行承担。',
  'legal.register.2.3':
    '更换手机号码时，请在“我的”页面通过短信验证后更换，以免无法登录或收到他人的通知。',
  'legal.register.3.heading': '三、用户行为规范',
  'legal.register.3.1':
    '您不得以他人身份注册，不得利用账户从事欺诈、套现等违法活动，不得使用程序批量注册或刷单。',
  'legal.register.3.2': '违反上述规定的，我们有权暂停或终止提供服务，并保留追究法律责任的权利。',
  'legal.register.4.heading': '四、通知',
  'legal.register.4.1':
    '您同意我们通过短信、应用内消息向您发送验证码、订单、账单及服务通知。营销类消息您可以随时退订。',
  'legal.register.5.heading': '五、账户注销',
  'legal.register.5.1':
    '您可以联系客服申请注销账户。注销前需结清全部订单和账单；注销后，我们将按《隐私政策》删除或匿名化处理您的个人信息。',
  'legal.register.6.heading': '六、其他',
  'legal.register.6.1': '本协议适用中华人民共和国法律。如有疑问，请拨打客服电话 {userPhone}。',
  'legal.rental.title': '租赁协议',
  'legal.rental.preamble':
    '本协议由您（承租人）与{companyName}（出租人，“{platformName}”平台运营方）订立。您在{platformName}提交租赁订单并签署电子合同，即表示您已阅读并同意本协议全部条款。每笔订单的商品、租期、租金、押金与买断价以该订单的电子合同为准。',
  'legal.rental.1.heading': '第一条 租赁物',
  'legal.rental.1.1':
    '租赁物为您在订单中选定的商品（含颜色、规格、成色）及随附配件。租赁物的所有权在租期内始终归出租人所有，您仅享有使用权。',
  'legal.rental.1.2':
    '出租人保证交付的租赁物功能正常、与商品页面描述一致；全新与非全新成色以商品页面的标示为准。',
  'legal.rental.2.heading': '第二条 租期与起租',
  'legal.rental.2.1': '租期按您选择的方案计算，自您签收租赁物的次日零时起算，签收当日不计租金。',
  'legal.rental.2.2':
    '租期届满前，您可以选择归还、续租或买断。租期届满且未办理上述任一事项的，视为按原方案逐期续租，直至您办理归还或买断。',
  'legal.rental.3.heading': '第三条 租金、押金与支付',
  'legal.rental.3.1':
    '租金按期支付，首期租金于签约时支付，其后各期于账单到期日支付。您可以开通自动代扣，也可以在账单页主动支付。',
  'legal.rental.3.2':
    '押金金额以订单为准；经信用评估可部分或全额减免。押金在您归还租赁物并经验机无误、结清全部款项后 1 至 3 个工作日内原路退回。',
  'legal.rental.3.3':
    '逾期支付的，自逾期之日起按未付金额每日万分之五收取违约金，并可能影响您的信用记录。',
  'legal.rental.4.heading': '第四条 使用与保管',
  'legal.rental.4.1':
    '您应按照租赁物的用途和说明合理使用、妥善保管，不得转租、出借、出售、抵押或以其他方式处分租赁物，不得拆机、刷机或更换部件。',
  'legal.rental.4.2':
    '租赁物丢失、被盗或严重损毁的，您应在 24 小时内通知出租人，并按合同约定的买断价扣除已付租金后的差额赔偿。',
  'legal.rental.5.heading': '第五条 故障与维修',
  'legal.rental.5.1':
    '签收后 7 日内出现非人为性能故障的，出租人免费换新。此后的非人为故障由出租人负责维修，维修期间的租金顺延。',
  'legal.rental.5.2': '人为损坏的维修费用由您承担；您购买了增值保障服务的，按该服务的约定处理。',
  'legal.rental.6.heading': '第六条 归还与买断',
  'legal.rental.6.1':
    '归还时，请在订单详情中申请归还，按页面提供的地址寄回租赁物及全部配件并填写快递单号。出租人收到后进行验机，正常使用痕迹不收取费用。',
  'legal.rental.6.2':
    '买断价以商品页面租期方案中列明的各期买断价为准，付清买断价后租赁物的所有权转移给您。',
  'legal.rental.7.heading': '第七条 提前解约',
  'legal.rental.7.1':
    '发货前您可以随时取消订单，已付款项原路退回。发货后提前归还的，已付租金不予退还，剩余租期的租金无需支付，但需支付合同约定的提前解约费用。',
  'legal.rental.8.heading': '第八条 违约责任',
  'legal.rental.8.1':
    '您逾期超过 30 日未付租金、擅自处分租赁物或提供虚假身份信息的，出租人有权解除合同、要求返还租赁物或支付买断价，并依法追究责任。',
  'legal.rental.9.heading': '第九条 争议解决',
  'legal.rental.9.1':
    '本协议适用中华人民共和国法律。履行中发生争议，双方应先协商解决；协商不成的，任何一方可向{companyName}住所地有管辖权的人民法院提起诉讼。',
  'legal.rental.9.2': '如有疑问，请拨打客服电话 {userPhone}。',
  'legal.service.title': '服务协议',
  'legal.service.preamble':
    '{platformName}由{companyName}运营，为您提供数码设备租赁的信息展示、下单、签约、支付与售后服务。请您在使用前仔细阅读本协议，特别是第七条“责任限制”。',
  'legal.service.1.heading': '一、服务内容',
  'legal.service.1.1':
    '{platformName}提供商品浏览、租赁下单、实名认证、信用评估、电子合同签署、账单支付、归还与买断等服务。具体服务以平台页面实际提供的为准。',
  'legal.service.2.heading': '二、账户',
  'legal.service.2.1':
    '您可以使用手机号验证码、支付宝或微信授权登录。您应保管好自己的手机和账户，通过您账户进行的操作视为您本人的行为。',
  'legal.service.2.2': '如发现账户被他人使用，请立即联系客服冻结账户。',
  'legal.service.3.heading': '三、实名认证与信用评估',
  'legal.service.3.1':
    '为防范欺诈并依法履行反洗钱义务，下单前您需要完成实名认证。经您授权，平台会向合作的征信机构查询您的信用评估结果，用于决定是否为您提供服务及押金减免额度。',
  'legal.service.4.heading': '四、您的义务',
  'legal.service.4.1': '您应提供真实、准确、完整的身份和联系信息，并在信息变更时及时更新。',
  'legal.service.4.2':
    '您不得利用平台从事违法活动，不得以虚假身份租赁商品，不得干扰平台的正常运行。',
  'legal.service.5.heading': '五、费用',
  'legal.service.5.1':
    '注册和浏览免费。租赁产生的租金、押金、增值服务费等，以订单页面和电子合同列明的金额为准，平台不会收取任何未经您确认的费用。',
  'legal.service.6.heading': '六、服务变更与中止',
  'legal.service.6.1':
    '平台可能因系统维护或升级暂停部分服务，会尽可能提前通知。您违反本协议的，平台有权限制或中止向您提供服务，但不影响已成立订单的履行。',
  'legal.service.7.heading': '七、责任限制',
  'legal.service.7.1':
    '因不可抗力、电信运营商或第三方支付机构故障导致的服务中断，平台不承担责任，但会积极协助您减少损失。',
  'legal.service.8.heading': '八、协议变更',
  'legal.service.8.1':
    '本协议更新时，平台会在页面显著位置公示并在您下次登录时提示。您继续使用服务即视为接受更新后的协议。',
  'legal.service.9.heading': '九、联系我们',
  'legal.service.9.1': '运营方：{companyName}。客服电话：{userPhone}。',
  'legal.withholding.title': '代扣授权协议',
  'legal.withholding.preamble':
    '本协议由您（授权人）与{companyName}（被授权人，“{platformName}”平台运营方）订立。您同意本协议后，{platformName}可按本协议约定，从您在平台绑定的银行卡中扣收您租赁订单的到期款项。本协议只涉及扣款，不涉及您的身份信息与信用评估，相关授权另行取得。',
  'legal.withholding.1.heading': '第一条 扣款范围',
  'legal.withholding.1.1':
    '授权扣收的款项仅限于您已签署电子合同的租赁订单所产生的账单：各期租金、按合同约定计收的逾期违约金，以及经您确认的赔偿款。',
  'legal.withholding.1.2':
    '每次扣收的金额以该账单在平台显示的应还金额为准，不超过您签署的电子合同约定的金额。',
  'legal.withholding.2.heading': '第二条 扣款账户与时间',
  'legal.withholding.2.1':
    '扣款账户为您在平台绑定并通过银行预留手机号验证的银行卡。您更换绑定银行卡的，自更换之日起从新卡扣款。',
  'legal.withholding.2.2':
    '平台在账单到期日（含当日）发起扣款；扣款未成功的，平台可在账单结清前每日再次发起，直至扣款成功、您自行支付或本授权解除。',
  'legal.withholding.2.3':
    '扣款成功后，平台将通过短信或消息通知您扣款金额与对应账单，您也可在订单的账单页查看。',
  'legal.withholding.3.heading': '第三条 您的义务',
  'legal.withholding.3.1':
    '请确保扣款银行卡状态正常、余额充足。因余额不足、银行卡挂失或注销等原因扣款未成功的，账单仍按合同约定计算逾期违约金。',
  'legal.withholding.3.2': '您可以在账单到期前自行在平台支付，已支付的账单不会重复扣款。',
  'legal.withholding.4.heading': '第四条 解除授权',
  'legal.withholding.4.1':
    '您可以随时在“我的 → 自动扣款授权”中解除本授权，解除后平台立即停止发起扣款，并通知银行解除代扣；此后到期的账单需您自行支付。您也可以致电客服 {userPhone} 办理。',
  'legal.withholding.4.2':
    '解除授权不影响您在租赁合同下的付款义务，也不影响解除前已成功扣收的款项。',
  'legal.withholding.5.heading': '第五条 信息保护',
  'legal.withholding.5.1':
    '平台仅保存银行卡号的前六位与后四位及用于识别的加密摘要，不保存完整卡号；银行卡信息仅用于本协议约定的扣款。',
  'legal.withholding.6.heading': '第六条 其他',
  'legal.withholding.6.1': '本协议自您同意时生效，至您在平台的全部租赁订单结清或您解除授权时终止。',
  'legal.withholding.6.2': '本协议的更新将在平台公布，并在您下次需要扣款授权时请您重新阅读并同意。',
  'legal.withholding.6.3':
    '因本协议产生的争议，双方协商解决；协商不成的，依照您与平台签署的租赁合同约定的方式解决。',
} as const;
