/** Spanish for the server's own content (../content-sources.ts lists it). */
import { brandCoupons } from './brand-coupons.ts';

export const es: Record<string, string> = {
  手机: 'Móviles',
  笔记本电脑: 'Portátiles',
  平板电脑: 'Tabletas',
  相机: 'Cámaras',
  游戏机: 'Consolas',
  无人机: 'Drones',
  智能手表: 'Relojes inteligentes',
  耳机音箱: 'Auriculares y altavoces',
  投影仪: 'Proyectores',
  'VR/AR眼镜': 'Gafas VR/AR',
  碎屏保障: 'Protección de pantalla',
  '租期内屏幕意外碎裂，免费维修一次，无需承担维修费用。':
    'Si la pantalla se rompe por accidente durante el alquiler, una reparación es gratuita.',
  意外保障: 'Protección contra accidentes',
  '租期内因意外跌落、进水造成的损坏，维修费用最高减免 80%。':
    'Daños por caída accidental o agua durante el alquiler: se cubre hasta el 80 % de la reparación.',
  延长保修: 'Garantía ampliada',
  '非人为故障在租期内免费维修，维修期间提供同级备用机。':
    'Las averías no causadas por el usuario se reparan gratis durante el alquiler, con un equipo equivalente mientras tanto.',
  数据清除: 'Borrado de datos',
  '归还时由专业人员彻底清除设备数据并出具清除报告。':
    'Al devolverlo, un técnico borra el equipo por completo y le entrega un informe.',
  镜头保障: 'Protección del objetivo',
  '镜头进灰、霉斑、镜片划伤免费清洁或维修一次。':
    'Polvo, moho o arañazos en el objetivo: una limpieza o reparación gratuita.',
  极速换新: 'Sustitución rápida',
  '收货 7 天内出现性能故障，免费换同款新机，往返运费由平台承担。':
    'Una avería en los 7 días siguientes a la entrega: uno nuevo del mismo modelo, gratis, con el envío de ida y vuelta a nuestro cargo.',
  炸机无忧: 'Protección contra choques',
  '飞行中意外坠毁或丢失，按设备价值 10% 赔付即可结清，其余由平台承担。':
    'Si el dron se estrella o se pierde en vuelo, usted paga el 10 % de su valor y nosotros el resto.',
  'iPhone 16 Pro 新机首发': 'iPhone 16 Pro: recién lanzado',
  'iPhone 16 Pro 新机开租': 'Alquile el nuevo iPhone 16 Pro',
  '信用免押 · 次日发货 · 到期可买断':
    'Sin depósito con buen crédito · Envío al día siguiente · Cómprelo al final',
  '开学季 笔记本电脑低至日租': 'Vuelta a clase: portátiles desde una tarifa diaria',
  '开学季 笔记本月租特惠': 'Vuelta a clase: ofertas mensuales en portátiles',
  '学生办公 · 轻薄游戏本全都有': 'Para estudiar y trabajar · Ultraligeros y gaming',
  '旅行相机 按天租': 'Cámaras de viaje por días',
  出游带上好相机: 'Llévese una buena cámara de viaje',
  '微单 运动相机 按天租 随租随还':
    'Cámaras sin espejo y de acción por días, devuelva cuando quiera',
  '大疆无人机 航拍季': 'Drones DJI: temporada aérea',
  '大疆航拍 一天起租': 'Tomas aéreas DJI desde un día',
  '炸机无忧保障 · 新手也敢飞': 'Protección contra choques · Vuele con confianza',
  '游戏机 周末畅玩': 'Consolas para el fin de semana',
  '周末畅玩 Switch PS5': 'Juegue el fin de semana: Switch, PS5',
  '主机掌机 七天起租': 'Consolas de sobremesa y portátiles desde siete días',
  信用免押金: 'Sin depósito con buen crédito',
  芝麻信用免押金: 'Sin depósito con Sesame Credit',
  '信用越好 押金越低 最高全免': 'Cuanto mejor su crédito, menor el depósito, hasta ninguno',
  信用免押: 'Sin depósito',
  顺丰包邮: 'Envío SF gratis',
  支持买断: 'Compra final',
  次日发货: 'Envío al día siguiente',
  新品: 'Nuevo',
  随租随还: 'Devuelva cuando quiera',
  热租推荐: 'Populares',
  手机平板: 'Móviles y tabletas',
  电脑办公: 'Informática y oficina',
  影音娱乐: 'Ocio',
  臻享好物: 'Selección premium',
  抖音专享: 'Exclusivo de Douyin',
  租赁规则: 'Normas de alquiler',
  '1. 租期自签收次日起算，按所选方案的期数（月或天）计租。\n2. 首期租金在签约后支付，其余租金按账单日自动扣款或主动支付。\n3. 租期内可申请续租、归还或买断。\n4. 租赁期间商品所有权归平台所有，请勿转租、抵押或出售。':
    '1. El alquiler empieza el día siguiente a la entrega y se cobra por los periodos (meses o días) del plan elegido.\n2. El primer alquiler se paga tras firmar; el resto se carga en cada fecha de factura o lo paga usted.\n3. Durante el alquiler puede renovar, devolver o comprar el artículo.\n4. El artículo es nuestro durante el alquiler: no lo subarriende, empeñe ni venda.',
  增值服务说明: 'Sobre los servicios adicionales',
  '增值服务为可选项，随租金按期收取或一次性收取。保障服务仅覆盖租期内发生的损坏，每项保障每个订单限用一次，人为故意损坏不在保障范围内。':
    'Los servicios adicionales son opcionales y se cobran con cada alquiler o una sola vez. Las protecciones cubren solo daños durante el alquiler, una vez por servicio y pedido; los daños intencionados no están cubiertos.',
  买断说明: 'Sobre la compra final',
  '租期内任意时间可申请买断，买断价随已付期数逐期降低；支付买断款后商品归您所有，押金同时退回。':
    'Puede comprar el artículo en cualquier momento del alquiler; el precio baja con cada periodo pagado. Al pagarlo, el artículo es suyo y se le devuelve el depósito.',
  归还说明: 'Sobre las devoluciones',
  '租期结束前 3 天内申请归还，请将商品及全部配件、包装寄回指定地址，寄回运费由平台承担。验机通过后押金原路退回。':
    'Solicite la devolución en los 3 días previos al final y envíe el artículo con todos los accesorios y el embalaje a la dirección indicada; pagamos el envío. El depósito se reembolsa cuando pasa la inspección.',
  相机使用须知: 'Notas sobre cámaras',
  '请在归还前清空存储卡并取出电池；镜头请勿直接对准强光源。':
    'Vacíe la tarjeta de memoria y saque la batería antes de devolverla; no apunte el objetivo a luz intensa.',
  无人机飞行须知: 'Notas de vuelo para drones',
  '起飞重量超过 250 克的无人机需在中国民航局无人驾驶航空器综合管理平台实名登记；请勿在机场、禁飞区及人群上方飞行。':
    'Los drones de más de 250 g de peso al despegue deben registrarse en la plataforma de aeronaves no tripuladas de la CAAC; no vuele cerca de aeropuertos, en zonas prohibidas ni sobre multitudes.',
  游戏机使用须知: 'Notas sobre consolas',
  '归还前请退出个人账号并恢复出厂设置，数字版游戏随账号保留。':
    'Cierre sus cuentas y restaure los ajustes de fábrica antes de devolverla; los juegos digitales siguen en su cuenta.',
  新人首租立减: 'Descuento de bienvenida',
  '首期租金立减 20 元': '20 ¥ menos en el primer alquiler',
  '满 300 减 30': '30 ¥ menos por 300 ¥',
  '首期支付满 300 元可用': 'Para un primer pago de 300 ¥ o más',
  数码焕新券: 'Cupón de renovación digital',
  '手机、平板、笔记本首期满 500 减 50':
    '50 ¥ menos en un primer pago de 500 ¥ en móviles, tabletas y portátiles',
  ...brandCoupons((n) => `Cupón de marca n.º ${n}`),
  '本品牌专享，首期满 200 减 15': 'Solo esta marca: 15 ¥ menos en un primer pago de 200 ¥',
  月: 'mes',
  天: 'día',
  父母: 'Padre o madre',
  配偶: 'Cónyuge',
  子女: 'Hijo o hija',
  兄弟姐妹: 'Hermano o hermana',
  朋友: 'Amigo',
  同事: 'Compañero de trabajo',
  租期已到: 'El alquiler ha terminado',
  不想租了: 'Ya no lo necesito',
  商品故障: 'El artículo está averiado',
  与描述不符: 'No coincide con la descripción',
  其他: 'Otro',
  信息填写错误: 'Introduje datos erróneos',
  找到更便宜的: 'Lo encontré más barato',
  审核时间太长: 'La revisión tarda demasiado',
  商品问题: 'Producto',
  物流问题: 'Entrega',
  费用问题: 'Cargos',
  服务态度: 'Atención',
  功能建议: 'Sugerencia',
  顺丰速运: 'SF Express',
  京东快递: 'JD Logistics',
  '中国邮政 EMS': 'China Post EMS',
  中通快递: 'ZTO Express',
  圆通速递: 'YTO Express',
  申通快递: 'STO Express',
  韵达快递: 'Yunda Express',
  极兔速递: 'J&T Express',
  租赁流程: 'Cómo funciona el alquiler',
  '怎么租一台设备？': '¿Cómo alquilo un equipo?',
  '选择商品、颜色规格和租期方案，提交订单后完成实名认证和信用评估，签署租赁合同并支付首期租金，审核通过后即可发货。':
    'Elija el producto, su color y especificación y un plan. Tras hacer el pedido, verifique su identidad y pase la evaluación de crédito, firme el contrato de alquiler y pague el primer alquiler; una vez aprobado, se envía.',
  '租期从什么时候开始算？': '¿Cuándo empieza el alquiler?',
  '租期从您签收商品的次日 0 点开始计算，签收当天不计租金。':
    'A medianoche tras el día en que lo recibe; el día de la entrega es gratis.',
  '可以续租吗？': '¿Puedo renovar?',
  '可以。租期结束前 7 天可在“我的订单”中申请续租，续租租金按原方案计算。':
    'Sí. Desde 7 días antes del final, renueve en Mis pedidos; el alquiler sigue siendo el de su plan.',
  订单与发货: 'Pedidos y envíos',
  '下单后多久发货？': '¿Cuándo se envía?',
  '审核通过后 24 小时内发货，默认顺丰速运，偏远地区可能延后 1-2 天。':
    'En las 24 horas siguientes a la aprobación, por SF Express; las zonas remotas pueden tardar 1-2 días más.',
  '可以修改收货地址吗？': '¿Puedo cambiar la dirección de entrega?',
  '发货前可在订单详情中修改收货地址，发货后请联系客服处理。':
    'Antes del envío, cámbiela en los detalles del pedido; después, contacte con atención al cliente.',
  '怎么取消订单？': '¿Cómo cancelo un pedido?',
  '发货前可在订单详情中直接取消，已支付的款项原路退回。':
    'Antes del envío, cancélelo en los detalles del pedido; lo pagado se reembolsa por la misma vía.',
  账单与支付: 'Facturas y pagos',
  '每期租金怎么支付？': '¿Cómo pago cada alquiler?',
  '可开通自动代扣，到期日自动从支付宝或绑定的银行卡扣款；也可在账单页主动支付。':
    'Active los pagos automáticos para que se cargue en Alipay o en su tarjeta en la fecha de vencimiento, o páguelo usted en la página de facturas.',
  '逾期会怎样？': '¿Y si pago tarde?',
  '逾期将按日收取违约金并可能影响您的信用记录，请按时支付租金。':
    'Se cobra un recargo diario y su historial de crédito puede verse afectado; pague a tiempo.',
  '可以提前还清吗？': '¿Puedo pagarlo todo antes?',
  '可以在账单页一次性支付剩余租金，或申请买断。':
    'Sí: pague todo el alquiler restante de una vez en la página de facturas, o compre el artículo.',
  归还与买断: 'Devoluciones y compra final',
  '租期到了怎么归还？': '¿Cómo lo devuelvo al final?',
  '在订单详情中申请归还，按页面提供的地址寄回商品并填写快递单号，验机完成后押金原路退回。':
    'Solicite la devolución en los detalles del pedido, envíelo a la dirección indicada e introduzca el número de seguimiento; el depósito se reembolsa tras la inspección.',
  '买断价格怎么算？': '¿Cómo se fija el precio de compra?',
  '买断价随已付期数逐期降低，商品详情的租期方案中列出了每期之后的买断价。':
    'Baja con cada periodo pagado; cada plan de la página del producto indica el precio tras cada periodo.',
  '归还时设备有磨损怎么办？': '¿Y si el equipo muestra desgaste?',
  '正常使用痕迹不收费；超出正常使用的损坏按《租赁服务协议》中的定损标准处理。':
    'El desgaste normal es gratis; los daños mayores se valoran según el contrato de alquiler.',
  押金与信用: 'Depósito y crédito',
  '押金可以减免吗？': '¿Se puede eximir el depósito?',
  '支持芝麻信用评估，信用良好可部分或全额免押，具体以下单时的评估结果为准。':
    'Con una evaluación de Sesame Credit, un buen crédito exime parte o todo el depósito, según la evaluación al pedir.',
  '押金什么时候退？': '¿Cuándo se devuelve el depósito?',
  '商品归还并验机通过后 1-3 个工作日内原路退回。':
    'En 1-3 días laborables tras recibir el artículo y pasar la inspección, por la misma vía de pago.',
  售后与保障: 'Posventa y protección',
  '收到的设备有问题怎么办？': '¿Y si el equipo tiene un problema?',
  '签收 7 天内出现非人为性能故障，可申请免费换新；之后的故障按所购保障服务处理。':
    'Una avería no causada por usted en los 7 días siguientes a la entrega se sustituye gratis; después, según la protección contratada.',
  '增值服务有哪些？': '¿Qué servicios adicionales hay?',
  '提供碎屏保障、意外保障、延长保修、数据清除等服务，可在下单时选择，详见增值服务说明。':
    'Protección de pantalla, contra accidentes, garantía ampliada, borrado de datos y más, a elegir al pedir; véase Sobre los servicios adicionales.',
  '每天 09:00-21:00': 'todos los días 09:00-21:00',
  '订单、账单、支付与退款记录（含商品、金额、收货地址）':
    'Pedidos, facturas, pagos y reembolsos (con artículos, importes y direcciones de entrega)',
  '《电子商务法》第三十一条：交易信息自交易完成之日起保存不少于三年':
    'Ley de Comercio Electrónico, art. 31: los registros de transacciones se conservan al menos tres años',
  已签署的租赁合同与代扣协议: 'Contratos de alquiler y acuerdos de pago automático firmados',
  '《民法典》第一百八十八条诉讼时效三年；《电子签名法》要求数据电文可供查验':
    'Código Civil, art. 188: plazo de prescripción de tres años; la Ley de Firma Electrónica exige que los registros sigan siendo verificables',
  您同意各项协议与授权的记录: 'Los registros de su consentimiento a cada acuerdo y autorización',
  '《个人信息保护法》第十四条：证明处理个人信息已取得您的同意':
    'Ley de Protección de Información Personal, art. 14: prueba de que sus datos se trataron con su consentimiento',
  '手机号、昵称、头像及支付宝/微信账号绑定':
    'Su número de móvil, apodo, avatar y cuentas de Alipay/WeChat vinculadas',
  '实名信息、身份证照片、人脸认证记录与信用评分':
    'Sus datos de identidad, fotos del documento, verificaciones faciales y puntuación de crédito',
  紧急联系人与收货地址簿: 'Sus contactos de emergencia y direcciones de entrega',
  '银行卡（已用于代扣的卡仅保留银行名称与卡号前六后四位）':
    'Sus tarjetas bancarias (de una tarjeta usada para pagos automáticos solo se conservan el banco y los seis primeros y cuatro últimos dígitos)',
  '未使用的优惠券、反馈中的联系方式与图片':
    'Los cupones sin usar y los datos de contacto e imágenes de sus comentarios',
  所有平台上的登录状态: 'Sus sesiones en todas las plataformas',
  商家已发货: 'Enviado por el comercio',
  快件已签收: 'Entregado',
  归还快件已寄出: 'Paquete de devolución enviado',
  商家已收到归还: 'Devolución recibida por el comercio',
  下单: 'Pedido realizado',
  支付超时: 'Tiempo de pago agotado',
  发起免押授权: 'Autorización del depósito iniciada',
  免押授权失败: 'Autorización del depósito fallida',
  '已签收（物流）': 'Entregado (mensajería)',
  押金已释放: 'Depósito liberado',
  '押金已退还/解冻': 'Depósito reembolsado o desbloqueado',
  '合同 {flowId} 已签署': 'Contrato {flowId} firmado',
  '续租至 {date}': 'Renovado hasta el {date}',
  '免除剩余租金 ¥{waived}，提前归还手续费 ¥{fee}':
    'Alquiler restante de ¥{waived} condonado, cargo por devolución anticipada ¥{fee}',
  '押金满 {days} 天：抵扣账单 ¥{used}，退还 ¥{left}':
    'Depósito retenido {days} días: ¥{used} a facturas, ¥{left} reembolsados',
};
