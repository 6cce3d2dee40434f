/**
 * Simplified Chinese, aftersale area: returns, shipping back and logistics.
 */
export const aftersaleMessages = {
  'aftersale.copy': '复制',
  'aftersale.copyWaybill': '复制运单号',
  'aftersale.copyAddress': '复制寄回地址',
  'aftersale.waybill': '发货单号',
  'aftersale.returnWaybill': '归还单号',
  'aftersale.noWaybill': '暂无运单信息',
  'aftersale.trace': '物流轨迹',
  'aftersale.noTrace': '暂无物流信息',
  'aftersale.returnTo': '寄回地址',
  'aftersale.noReturnAddress': '请联系客服获取寄回地址',
  'aftersale.reason': '归还原因',
  'aftersale.reasonRequired': '请选择归还原因',
  'aftersale.method': '归还方式',
  'aftersale.methodExpress': '快递寄回',
  'aftersale.methodHint': '寄回运费由平台承担，请连同全部配件和包装一起寄回。',
  'aftersale.apply': '提交归还申请',
  'aftersale.courier': '快递公司',
  'aftersale.courierRequired': '请选择快递公司',
  'aftersale.waybillNo': '运单号',
  'aftersale.waybillPlaceholder': '请输入快递单号',
  'aftersale.waybillInvalid': '运单号为6-30位字母或数字',
  'aftersale.confirmShip': '确认寄回',
  'aftersale.shipped': '已提交寄回信息',
} as const;
