/** French for the server's own content (../content-sources.ts lists it). */
import { brandCoupons } from './brand-coupons.ts';

export const fr: Record<string, string> = {
  手机: 'Téléphones',
  笔记本电脑: 'Ordinateurs portables',
  平板电脑: 'Tablettes',
  相机: 'Appareils photo',
  游戏机: 'Consoles',
  无人机: 'Drones',
  智能手表: 'Montres connectées',
  耳机音箱: 'Casques et enceintes',
  投影仪: 'Vidéoprojecteurs',
  'VR/AR眼镜': 'Casques VR/AR',
  碎屏保障: 'Garantie écran',
  '租期内屏幕意外碎裂，免费维修一次，无需承担维修费用。':
    'Si l’écran casse par accident pendant la location, une réparation est gratuite.',
  意外保障: 'Garantie accident',
  '租期内因意外跌落、进水造成的损坏，维修费用最高减免 80%。':
    'Dommages dus à une chute accidentelle ou à l’eau pendant la location : jusqu’à 80 % de la réparation couverts.',
  延长保修: 'Garantie prolongée',
  '非人为故障在租期内免费维修，维修期间提供同级备用机。':
    'Les pannes non causées par l’utilisateur sont réparées gratuitement pendant la location, avec un appareil équivalent en attendant.',
  数据清除: 'Effacement des données',
  '归还时由专业人员彻底清除设备数据并出具清除报告。':
    'Au retour, un technicien efface entièrement l’appareil et vous remet un rapport.',
  镜头保障: 'Garantie objectif',
  '镜头进灰、霉斑、镜片划伤免费清洁或维修一次。':
    'Poussière, moisissure ou rayures sur l’objectif : un nettoyage ou une réparation gratuits.',
  极速换新: 'Remplacement express',
  '收货 7 天内出现性能故障，免费换同款新机，往返运费由平台承担。':
    'Une panne dans les 7 jours suivant la livraison : un appareil neuf du même modèle, gratuit, port aller-retour à notre charge.',
  炸机无忧: 'Garantie crash',
  '飞行中意外坠毁或丢失，按设备价值 10% 赔付即可结清，其余由平台承担。':
    'Si le drone s’écrase ou se perd en vol, vous payez 10 % de sa valeur et nous le reste.',
  'iPhone 16 Pro 新机首发': 'iPhone 16 Pro : tout juste sorti',
  'iPhone 16 Pro 新机开租': 'Louez le nouvel iPhone 16 Pro',
  '信用免押 · 次日发货 · 到期可买断':
    'Sans dépôt avec un bon crédit · Expédié le lendemain · Achetez-le à la fin',
  '开学季 笔记本电脑低至日租': 'Rentrée : ordinateurs portables dès un tarif à la journée',
  '开学季 笔记本月租特惠': 'Rentrée : offres mensuelles sur les portables',
  '学生办公 · 轻薄游戏本全都有': 'Pour étudier et travailler · Ultraportables et gaming',
  '旅行相机 按天租': 'Appareils de voyage à la journée',
  出游带上好相机: 'Partez avec un bon appareil photo',
  '微单 运动相机 按天租 随租随还':
    'Hybrides et caméras d’action à la journée, retour quand vous voulez',
  '大疆无人机 航拍季': 'Drones DJI : saison aérienne',
  '大疆航拍 一天起租': 'Prises de vue DJI dès une journée',
  '炸机无忧保障 · 新手也敢飞': 'Garantie crash · Volez en confiance',
  '游戏机 周末畅玩': 'Consoles pour le week-end',
  '周末畅玩 Switch PS5': 'Jouez le week-end : Switch, PS5',
  '主机掌机 七天起租': 'Consoles de salon et portables dès sept jours',
  信用免押金: 'Sans dépôt avec un bon crédit',
  芝麻信用免押金: 'Sans dépôt avec Sesame Credit',
  '信用越好 押金越低 最高全免': 'Meilleur est votre crédit, plus faible est le dépôt, jusqu’à zéro',
  信用免押: 'Sans dépôt',
  顺丰包邮: 'Livraison SF offerte',
  支持买断: 'Achat final',
  次日发货: 'Expédié le lendemain',
  新品: 'Nouveau',
  随租随还: 'Retour à tout moment',
  热租推荐: 'Populaires',
  手机平板: 'Téléphones et tablettes',
  电脑办公: 'Informatique et bureau',
  影音娱乐: 'Loisirs',
  臻享好物: 'Sélection premium',
  抖音专享: 'Exclusivités Douyin',
  租赁规则: 'Règles de location',
  '1. 租期自签收次日起算，按所选方案的期数（月或天）计租。\n2. 首期租金在签约后支付，其余租金按账单日自动扣款或主动支付。\n3. 租期内可申请续租、归还或买断。\n4. 租赁期间商品所有权归平台所有，请勿转租、抵押或出售。':
    '1. La location commence le lendemain de la livraison et se paie par périodes (mois ou jours) selon la formule choisie.\n2. Le premier loyer se paie après la signature ; les suivants sont prélevés à chaque échéance ou payés par vous.\n3. Pendant la location, vous pouvez prolonger, rendre ou acheter l’article.\n4. L’article nous appartient pendant la location : ne le sous-louez pas, ne le gagez pas et ne le vendez pas.',
  增值服务说明: 'À propos des services complémentaires',
  '增值服务为可选项，随租金按期收取或一次性收取。保障服务仅覆盖租期内发生的损坏，每项保障每个订单限用一次，人为故意损坏不在保障范围内。':
    'Les services complémentaires sont facultatifs et facturés avec chaque loyer ou en une fois. Les garanties couvrent seulement les dommages survenus pendant la location, une fois par service et par commande ; les dommages volontaires ne sont pas couverts.',
  买断说明: 'À propos de l’achat final',
  '租期内任意时间可申请买断，买断价随已付期数逐期降低；支付买断款后商品归您所有，押金同时退回。':
    'Vous pouvez acheter l’article à tout moment de la location ; le prix baisse à chaque période payée. Une fois payé, l’article est à vous et le dépôt vous est rendu.',
  归还说明: 'À propos des retours',
  '租期结束前 3 天内申请归还，请将商品及全部配件、包装寄回指定地址，寄回运费由平台承担。验机通过后押金原路退回。':
    'Demandez le retour dans les 3 jours avant la fin et renvoyez l’article avec tous ses accessoires et son emballage à l’adresse indiquée ; le port est à notre charge. Le dépôt est remboursé une fois l’article contrôlé.',
  相机使用须知: 'À savoir sur les appareils photo',
  '请在归还前清空存储卡并取出电池；镜头请勿直接对准强光源。':
    'Videz la carte mémoire et retirez la batterie avant le retour ; ne pointez pas l’objectif vers une lumière forte.',
  无人机飞行须知: 'À savoir pour voler en drone',
  '起飞重量超过 250 克的无人机需在中国民航局无人驾驶航空器综合管理平台实名登记；请勿在机场、禁飞区及人群上方飞行。':
    'Les drones de plus de 250 g au décollage doivent être enregistrés sur la plateforme des aéronefs sans pilote de la CAAC ; ne volez pas près des aéroports, en zone interdite ni au-dessus de la foule.',
  游戏机使用须知: 'À savoir sur les consoles',
  '归还前请退出个人账号并恢复出厂设置，数字版游戏随账号保留。':
    'Déconnectez vos comptes et restaurez les paramètres d’usine avant le retour ; les jeux dématérialisés restent sur votre compte.',
  新人首租立减: 'Remise de bienvenue',
  '首期租金立减 20 元': '20 ¥ de moins sur le premier loyer',
  '满 300 减 30': '30 ¥ de moins dès 300 ¥',
  '首期支付满 300 元可用': 'Pour un premier paiement de 300 ¥ ou plus',
  数码焕新券: 'Bon renouvellement numérique',
  '手机、平板、笔记本首期满 500 减 50':
    '50 ¥ de moins sur un premier paiement de 500 ¥ pour téléphones, tablettes et portables',
  ...brandCoupons((n) => `Bon de la marque n° ${n}`),
  '本品牌专享，首期满 200 减 15':
    'Cette marque uniquement : 15 ¥ de moins dès 200 ¥ de premier paiement',
  月: 'mois',
  天: 'jour',
  父母: 'Parent',
  配偶: 'Conjoint',
  子女: 'Enfant',
  兄弟姐妹: 'Frère ou sœur',
  朋友: 'Ami',
  同事: 'Collègue',
  租期已到: 'La location est terminée',
  不想租了: 'Je n’en ai plus besoin',
  商品故障: 'L’article est en panne',
  与描述不符: 'Non conforme à la description',
  其他: 'Autre',
  信息填写错误: 'J’ai saisi de mauvaises informations',
  找到更便宜的: 'J’ai trouvé moins cher',
  审核时间太长: 'L’examen prend trop de temps',
  商品问题: 'Produit',
  物流问题: 'Livraison',
  费用问题: 'Frais',
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
  租赁流程: 'Comment louer',
  '怎么租一台设备？': 'Comment louer un appareil ?',
  '选择商品、颜色规格和租期方案，提交订单后完成实名认证和信用评估，签署租赁合同并支付首期租金，审核通过后即可发货。':
    'Choisissez le produit, sa couleur, sa configuration et une formule. Après la commande, vérifiez votre identité et passez l’évaluation de crédit, signez le contrat de location et payez le premier loyer ; une fois approuvée, la commande est expédiée.',
  '租期从什么时候开始算？': 'Quand la location commence-t-elle ?',
  '租期从您签收商品的次日 0 点开始计算，签收当天不计租金。':
    'À minuit après le jour de réception ; le jour de livraison est gratuit.',
  '可以续租吗？': 'Puis-je prolonger ?',
  '可以。租期结束前 7 天可在“我的订单”中申请续租，续租租金按原方案计算。':
    'Oui. Dès 7 jours avant la fin, prolongez depuis Mes commandes ; le loyer reste celui de votre formule.',
  订单与发货: 'Commandes et livraison',
  '下单后多久发货？': 'Quand est-ce expédié ?',
  '审核通过后 24 小时内发货，默认顺丰速运，偏远地区可能延后 1-2 天。':
    'Dans les 24 heures suivant l’approbation, par SF Express ; les zones éloignées peuvent prendre 1 à 2 jours de plus.',
  '可以修改收货地址吗？': 'Puis-je changer l’adresse de livraison ?',
  '发货前可在订单详情中修改收货地址，发货后请联系客服处理。':
    'Avant l’expédition, modifiez-la dans les détails de la commande ; ensuite, contactez le service client.',
  '怎么取消订单？': 'Comment annuler une commande ?',
  '发货前可在订单详情中直接取消，已支付的款项原路退回。':
    'Avant l’expédition, annulez-la dans les détails de la commande ; vos paiements sont remboursés par le même moyen.',
  账单与支付: 'Factures et paiement',
  '每期租金怎么支付？': 'Comment payer chaque loyer ?',
  '可开通自动代扣，到期日自动从支付宝或绑定的银行卡扣款；也可在账单页主动支付。':
    'Activez les prélèvements automatiques pour qu’il soit débité d’Alipay ou de votre carte à l’échéance, ou payez-le vous-même sur la page des factures.',
  '逾期会怎样？': 'Et si je paie en retard ?',
  '逾期将按日收取违约金并可能影响您的信用记录，请按时支付租金。':
    'Des pénalités journalières s’appliquent et votre historique de crédit peut en pâtir ; payez à temps.',
  '可以提前还清吗？': 'Puis-je tout payer en avance ?',
  '可以在账单页一次性支付剩余租金，或申请买断。':
    'Oui : payez tout le loyer restant d’un coup sur la page des factures, ou achetez l’article.',
  归还与买断: 'Retours et achat final',
  '租期到了怎么归还？': 'Comment le rendre à la fin ?',
  '在订单详情中申请归还，按页面提供的地址寄回商品并填写快递单号，验机完成后押金原路退回。':
    'Demandez le retour dans les détails de la commande, envoyez-le à l’adresse indiquée et saisissez le numéro de suivi ; le dépôt est remboursé après contrôle.',
  '买断价格怎么算？': 'Comment le prix d’achat est-il fixé ?',
  '买断价随已付期数逐期降低，商品详情的租期方案中列出了每期之后的买断价。':
    'Il baisse à chaque période payée ; chaque formule de la page produit indique le prix après chaque période.',
  '归还时设备有磨损怎么办？': 'Et si l’appareil est usé ?',
  '正常使用痕迹不收费；超出正常使用的损坏按《租赁服务协议》中的定损标准处理。':
    'L’usure normale est gratuite ; les dommages au-delà sont évalués selon le contrat de location.',
  押金与信用: 'Dépôt et crédit',
  '押金可以减免吗？': 'Le dépôt peut-il être supprimé ?',
  '支持芝麻信用评估，信用良好可部分或全额免押，具体以下单时的评估结果为准。':
    'Avec une évaluation Sesame Credit, un bon crédit supprime tout ou partie du dépôt, selon l’évaluation à la commande.',
  '押金什么时候退？': 'Quand le dépôt est-il remboursé ?',
  '商品归还并验机通过后 1-3 个工作日内原路退回。':
    'Sous 1 à 3 jours ouvrés après le retour et le contrôle de l’article, par le même moyen de paiement.',
  售后与保障: 'Après-vente et garanties',
  '收到的设备有问题怎么办？': 'Et si l’appareil a un problème ?',
  '签收 7 天内出现非人为性能故障，可申请免费换新；之后的故障按所购保障服务处理。':
    'Une panne non causée par vous dans les 7 jours suivant la livraison donne droit à un remplacement gratuit ; ensuite, selon la garantie souscrite.',
  '增值服务有哪些？': 'Quels services complémentaires ?',
  '提供碎屏保障、意外保障、延长保修、数据清除等服务，可在下单时选择，详见增值服务说明。':
    'Garantie écran, garantie accident, garantie prolongée, effacement des données et plus, à choisir à la commande ; voir À propos des services complémentaires.',
  '每天 09:00-21:00': 'tous les jours 09:00-21:00',
  '订单、账单、支付与退款记录（含商品、金额、收货地址）':
    'Commandes, factures, paiements et remboursements (avec articles, montants et adresses de livraison)',
  '《电子商务法》第三十一条：交易信息自交易完成之日起保存不少于三年':
    'Loi sur le commerce électronique, art. 31 : les transactions sont conservées au moins trois ans',
  已签署的租赁合同与代扣协议: 'Contrats de location et accords de prélèvement signés',
  '《民法典》第一百八十八条诉讼时效三年；《电子签名法》要求数据电文可供查验':
    'Code civil, art. 188 : prescription de trois ans ; la loi sur la signature électronique exige que les documents restent vérifiables',
  您同意各项协议与授权的记录: 'Les preuves de votre consentement à chaque accord et autorisation',
  '《个人信息保护法》第十四条：证明处理个人信息已取得您的同意':
    'Loi sur la protection des informations personnelles, art. 14 : preuve que vos données ont été traitées avec votre consentement',
  '手机号、昵称、头像及支付宝/微信账号绑定':
    'Votre numéro de mobile, pseudonyme, avatar et comptes Alipay/WeChat liés',
  '实名信息、身份证照片、人脸认证记录与信用评分':
    'Vos données d’identité, photos de pièce d’identité, contrôles faciaux et score de crédit',
  紧急联系人与收货地址簿: 'Vos contacts d’urgence et adresses de livraison',
  '银行卡（已用于代扣的卡仅保留银行名称与卡号前六后四位）':
    'Vos cartes bancaires (pour une carte utilisée pour les prélèvements, seuls la banque et les six premiers et quatre derniers chiffres sont conservés)',
  '未使用的优惠券、反馈中的联系方式与图片':
    'Les bons inutilisés, et les coordonnées et images de vos avis',
  所有平台上的登录状态: 'Vos connexions sur toutes les plateformes',
  商家已发货: 'Expédié par le marchand',
  快件已签收: 'Livré',
  归还快件已寄出: 'Colis de retour envoyé',
  商家已收到归还: 'Retour reçu par le marchand',
  下单: 'Commande passée',
  支付超时: 'Délai de paiement dépassé',
  发起免押授权: 'Autorisation du dépôt lancée',
  免押授权失败: 'Échec de l’autorisation du dépôt',
  '已签收（物流）': 'Livré (transporteur)',
  押金已释放: 'Dépôt libéré',
  '押金已退还/解冻': 'Dépôt remboursé ou débloqué',
  '合同 {flowId} 已签署': 'Contrat {flowId} signé',
  '续租至 {date}': 'Prolongé jusqu’au {date}',
  '免除剩余租金 ¥{waived}，提前归还手续费 ¥{fee}':
    'Loyer restant de {waived} ¥ annulé, frais de retour anticipé {fee} ¥',
  '押金满 {days} 天：抵扣账单 ¥{used}，退还 ¥{left}':
    'Dépôt conservé {days} jours : {used} ¥ imputés aux factures, {left} ¥ remboursés',
};
