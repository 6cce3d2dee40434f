/**
 * Stable error codes: every failure envelope carries `reason` (a key of ERROR_MESSAGES) and, when
 * its message has parts, `params`. The storefront translates by `reason`; `msg` stays the Chinese
 * text below with the parts filled in. Plain data only, so the storefront can import it.
 *
 * A message is a template: `{name}` is a part (a field name, a limit, a list of checks). Codes are
 * never renamed or reused; a new message gets a new code.
 */
export const ERROR_MESSAGES = {
  // The envelope itself: server faults, unknown routes, framework refusals
  INTERNAL_ERROR: '服务繁忙，请稍后再试',
  ROUTE_NOT_FOUND: '接口不存在',
  URL_TOO_LONG: '请求地址过长',
  URL_INVALID: '请求地址格式不正确',
  BAD_REQUEST: '请求格式不正确',
  FORBIDDEN: '无权访问',
  METHOD_NOT_ALLOWED: '请求方法不支持',
  NOT_ACCEPTABLE: '不可接受的请求',
  PAYLOAD_TOO_LARGE: '请求内容过大',
  UNSUPPORTED_MEDIA_TYPE: '不支持的请求类型',
  RATE_LIMITED: '请求过于频繁，请稍后再试',
  NOT_FOUND: '记录不存在',
  PROVIDER_THROTTLED: '发送过于频繁，请稍后再试',
  PROVIDER_REJECTED: '授权失败，请重新授权',
  PROVIDER_UNAVAILABLE: '服务暂不可用，请稍后再试',

  // Validation of a field (Ajv and the handlers' own checks)
  FIELD_MISSING: '缺少 {field}',
  FIELD_EMPTY: '{field} 不能为空',
  FIELD_TOO_SHORT: '{field} 长度不能少于 {limit}',
  FIELD_TOO_LONG: '{field} 长度不能超过 {limit}',
  FIELD_TOO_FEW: '{field} 数量不能少于 {limit}',
  FIELD_TOO_MANY: '{field} 数量不能超过 {limit}',
  FIELD_UNKNOWN: '不支持的字段 {field}',
  FIELD_INVALID: '{field} 格式不正确',

  // Session and credentials
  LOGIN_REQUIRED: '请先登录',
  TOKEN_INVALID: '登录已失效，请重新登录',
  TOKEN_REVOKED: '您已退出登录或在其他设备登录',
  TOKEN_EXPIRED: '登录已过期，请重新登录',
  CLIENT_CREDENTIAL_INVALID: '客户端凭证无效',
  OPS_CREDENTIAL_REQUIRED: '需要运营凭证',
  OPS_CREDENTIAL_INVALID: '运营凭证无效',
  OPS_CLOCK_FIXED: 'at 仅用于开发和测试环境：生产环境的任务按服务器时间运行',

  // SMS codes
  SMS_CODE_INVALID: '验证码无效，请重新获取',
  SMS_CODE_EXPIRED: '验证码已过期，请重新获取',
  SMS_CODE_TOO_MANY_ATTEMPTS: '验证码错误次数过多，请重新获取',
  SMS_CODE_WRONG: '验证码错误',
  SMS_CODE_STALE: '验证码已失效，请重新获取',
  SMS_SEND_TOO_SOON: '发送过于频繁，请 60 秒后再试',
  SMS_SEND_HOURLY_LIMIT: '发送次数过多，请 1 小时后再试',
  SMS_SEND_DAILY_LIMIT: '今日发送次数已达上限，请明天再试',
  SMS_VERIFICATION_REQUIRED: '请先完成短信验证',
  DEV_NO_SMS_CODE: '没有发送给该号码的验证码',
  DEV_NO_USER: '没有该手机号的用户',

  // Account, addresses, uploads
  MOBILE_TAKEN: '该手机号已被其他账号使用',
  MOBILE_IS_OWN: 'mobile 不能是本人手机号',
  ADDRESS_NOT_FOUND: '地址不存在',
  ADDRESS_LIMIT: '最多保存 {max} 个地址',
  FILE_NOT_FOUND: '文件不存在',
  IMAGE_REQUIRED: '请上传图片',
  UPLOAD_NOT_MULTIPART: '请以 multipart/form-data 上传 file',
  UPLOAD_TYPE_UNSUPPORTED: 'file 类型不支持，仅限 JPG、PNG、WebP、PDF',
  UPLOAD_DAILY_LIMIT: '今日上传的文件已达上限，请明天再试',
  COMPLAINT_DAILY_LIMIT: '今日提交的反馈已达上限，请明天再试',
  COMPLAINT_TYPE_UNKNOWN: '反馈类型不存在，请重新选择',

  // Catalogue and coupons
  GOODS_NOT_FOUND: '商品不存在或已下架',
  NO_GOODS: '暂无商品',
  CATEGORY_NOT_FOUND: '分类不存在',
  SECTION_NOT_FOUND: '栏目不存在',
  NO_SERVICE_PHONE: '暂无客服电话',
  NO_ONLINE_CHAT: '该品牌暂无在线客服',
  COUPON_NOT_FOUND: '优惠券不存在',
  COUPON_ALREADY_CLAIMED: '您已领取过该优惠券',
  COUPON_SOLD_OUT: '优惠券已领完',

  // Verification (KYC)
  IDENTITY_FIELDS_REQUIRED: '请填写姓名和身份证号',
  REAL_NAME_REQUIRED: '请先完成实名认证',
  UNDER_AGE: '年满{minAge}周岁才能租赁，您未满{minAge}周岁，无法完成实名认证',
  UNDER_AGE_AT_ORDER: '年满{minAge}周岁才能租赁：您的实名信息显示未满{minAge}周岁，无法下单',
  // No longer sent: it told anyone an ID number was registered (IDENTITY_CHECK_FAILED instead).
  ID_CARD_TAKEN: '该身份证已被其他账号认证',
  IDENTITY_ALREADY_VERIFIED: '您已完成实名认证，不能更换身份',
  IDENTITY_CHECK_FAILED: '身份信息核验未通过，请核对姓名和身份证号，或联系客服',
  OCR_RECORD_NOT_FOUND: '识别记录不存在',
  ID_CARD_PHOTO_UNREADABLE: '请上传可识别的身份证人像面',
  ID_CARD_UNRECOGNISED: '身份证无法识别，请手动填写',
  FACE_SESSION_NOT_FOUND: '人脸认证记录不存在',
  FACE_SESSION_ENDED: '该人脸认证已结束，请重新发起',
  BANK_CARD_UNKNOWN: 'cardNo 无法识别，请核对卡号',
  BANK_CARD_ALREADY_BOUND: '该银行卡已绑定',
  BANK_CARD_BIND_FAILED: '绑卡失败',
  BANK_CARD_REQUIRED: '请先绑定银行卡',
  BIND_REQUEST_NOT_FOUND: '绑卡请求不存在',
  OPERATION_TOO_FREQUENT: '操作过于频繁，请稍后再试',
  SANDBOX_VERIFICATION_NOT_FOUND: '认证不存在',

  // Contracts and e-sign
  CONTRACT_ALREADY_SIGNED: '合同已签署',
  WITHHOLDING_SIGN_FAILED: '代扣协议签署失败，请重新绑卡',
  ESIGN_FLOW_NOT_FOUND: '签署流程不存在',
  ESIGN_SIGNATURE_MISMATCH: 'signature mismatch',
  ESIGN_BAD_NOTIFICATION: 'bad notification',
  ESIGN_BAD_OUTCOME: 'bad outcome',
  ESIGN_BAD_TIME: 'bad time',
  ESIGN_UNKNOWN_FLOW: 'unknown flow',

  // Orders
  ORDER_NOT_FOUND: '订单不存在',
  PLAN_NOT_FOUND: '商品、规格或方案不存在',
  ORDER_ADDRESS_NOT_FOUND: '收货地址不存在',
  ADDRESS_REQUIRED: '请先添加收货地址',
  SERVICE_NOT_OFFERED: '增值服务不适用于该商品',
  COUPON_UNAVAILABLE: '优惠券不可用',
  COUPON_MINIMUM_NOT_MET: '未达到优惠券使用门槛',
  OUT_OF_STOCK: '该规格暂时缺货',
  IDEMPOTENCY_KEY_INVALID: 'Idempotency-Key 格式不正确',
  IDEMPOTENCY_KEY_REUSED: 'Idempotency-Key 已用于另一个请求',
  VERIFICATION_INCOMPLETE: '请先完成：{checks}',
  VERIFICATION_REQUIRED: '请先完成认证：{checks}',
  ORDER_ACTION_NOT_ALLOWED: '订单当前状态为「{statusText}」({status})，不能执行 {action}',
  ORDER_BUSY: '订单有进行中的{process}申请（{statusText} {status}）',
  ORDER_SHIPPED_CANNOT_CANCEL: '订单已发货，如需取消请联系客服',
  NO_PENDING_CHANGE: '没有待确认的订单变更',
  EARLY_RETURN_TOTAL_CHANGED: '提前归还费用已变为 ¥{total}，请确认新的费用后再提交',
  RETURN_BEFORE_END: '租期未满，归还前请先选择「提前归还」并确认费用',
  RENEWAL_BEYOND_AUTHORISATION: '续租期限超出押金授权有效期',
  WAYBILL_REQUIRED: '请填写运单号',
  CANCEL_REASON_UNKNOWN: '请从列表中选择取消原因',
  RETURN_REASON_UNKNOWN: '请从列表中选择归还原因',

  // Bills and payments
  BILL_NOT_FOUND: '账单不存在',
  BILL_ALREADY_PAID: '账单已支付',
  FIRST_BILL_UNPAID: '请先支付首期',
  NO_BILL_TO_PAY: '没有待支付的账单',
  BILL_WITHHOLDING_IN_PROGRESS: '账单正在自动扣款中，请稍后再试',
  RETURN_ORIGIN_NOT_ALLOWED: 'returnOrigin 不是允许的地址',
  WECHAT_LOGIN_REQUIRED_TO_PAY: '请在微信小程序内用微信登录后再支付',
  PAYSCORE_NOT_OFFERED: '微信支付分免押仅在本平台的微信小程序内提供',
  PAYSCORE_REFUSED: '微信支付分未通过评估（{reason}），请选择其他押金方式',
  PAYSCORE_NOT_CHOSEN: '该订单的押金方式不是微信支付分',

  // Privacy
  ACCOUNT_CANCEL_BLOCKED: '暂时无法注销：{blockers}。请结清后再试，或联系客服。',
  WITHHOLDING_NOT_FOUND: '该订单没有代扣授权',
  CONSENT_DUPLICATE: 'consents 重复：{kind}',
  CONSENT_OUTDATED: '{title}已更新，请阅读最新版本后再同意',
  CONSENT_REQUIRED: '请先阅读并同意{titles}',
  SUBSCRIBE_TEMPLATE_UNKNOWN: 'templateIds 不是本平台的订阅模板：{templateId}',

  // The merchant console (/admin/api) and staff credentials
  STAFF_LOGIN_FAILED: '登录名或密码错误',
  STAFF_TOTP_REQUIRED: '请输入动态验证码',
  STAFF_TOTP_WRONG: '动态验证码错误',
  STAFF_LOCKED: '账号已锁定，请 {minutes} 分钟后再试',
  STAFF_DISABLED: '账号已停用',
  STAFF_LOGIN_RATE_LIMITED: '登录尝试过于频繁，请稍后再试',
  STAFF_PASSWORD_CHANGE_REQUIRED: '请先修改初始密码',
  STAFF_PASSWORD_WRONG: '当前密码不正确',
  STAFF_PASSWORD_UNCHANGED: '新密码不能与当前密码相同',
  STAFF_ROLE_FORBIDDEN: '当前角色无权执行此操作',
  STAFF_BRAND_FORBIDDEN: '无权操作该品牌的数据',
  STAFF_CSRF_INVALID: '缺少或错误的 CSRF 令牌，请刷新页面后重试',
  STAFF_JSON_ONLY: '请求体须为 JSON',
  STAFF_LOGIN_TAKEN: '登录名 {login} 已被使用',
  STAFF_BRANDS_REQUIRED: '请选择可管理的品牌',
  STAFF_BRANDS_CONFLICT: '选择全部品牌时不要再列出品牌',
  STAFF_BRANDS_WIDER: '只能为自己可管理的品牌创建账号',
  STAFF_SELF_DISABLE: '不能停用自己的账号',
  STAFF_NOT_FOUND: '账号不存在',
  DEVICE_ON_ORDER: '设备 {serial} 已在订单 {orderId} 上，不能再发给本订单',
  DEVICE_ON_OTHER_ORDER: '设备 {serial} 已在另一订单上',
  REFUND_KEY_REQUIRED: '请在 Idempotency-Key 请求头中提供 8-64 位的幂等键',
  REFUND_KEY_REUSED: '该幂等键已用于另一笔退款',
  REFUND_TOO_MUCH: '退款金额超出可退金额（可退 {amount} 元）',
  REFUND_NOTHING_PAID: '该账单没有可退的支付记录',
} as const;

export type ErrorReason = keyof typeof ERROR_MESSAGES;

/** Reasons for a reply whose message is not in the table (a bank's own words, say), by HTTP status. */
export const FALLBACK_REASONS: Readonly<Record<number, ErrorReason>> = {
  400: 'BAD_REQUEST',
  401: 'LOGIN_REQUIRED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URL_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'PROVIDER_UNAVAILABLE',
};
