/**
 * The demo catalogue as plain data. Both the seeder (rows) and the image generator (one picture
 * per goods and colour) read it, so an image exists for every path the database refers to.
 * Prices are yuan here for readability and become integer fen in `catalog-build.ts`.
 */

/** Drawing used for a category's pictures (see generate-images.ts). */
export type DeviceShape =
  | 'phone'
  | 'laptop'
  | 'tablet'
  | 'camera'
  | 'console'
  | 'drone'
  | 'watch'
  | 'headphones'
  | 'projector'
  | 'vr';

export interface CategorySeed {
  key: DeviceShape;
  name: string;
  /** Whether plans are rented by the day too (short-term gear) besides by the month. */
  dayPlans: boolean;
  /** Value-added services offered with goods of this category, by key. */
  services: readonly string[];
}

export interface ColorSeed {
  name: string;
  hex: string;
}

export interface CapacitySeed {
  label: string;
  /** Extra market value over the base capacity, yuan. */
  extra: number;
}

export interface GoodsSeed {
  slug: string;
  category: DeviceShape;
  brand: string;
  name: string;
  /** Latin model name drawn on the picture. */
  model: string;
  subtitle: string;
  /** Market value of the base capacity, new, yuan. */
  price: number;
  colors: readonly ColorSeed[];
  capacities: readonly CapacitySeed[];
  /** Also offered as 95新 (older models). */
  offers95: boolean;
}

export const CATEGORIES: readonly CategorySeed[] = [
  { key: 'phone', name: '手机', dayPlans: false, services: ['screen', 'accident', 'wipe'] },
  {
    key: 'laptop',
    name: '笔记本电脑',
    dayPlans: false,
    services: ['accident', 'warranty', 'wipe'],
  },
  { key: 'tablet', name: '平板电脑', dayPlans: false, services: ['screen', 'accident', 'wipe'] },
  { key: 'camera', name: '相机', dayPlans: true, services: ['accident', 'lens', 'swap'] },
  { key: 'console', name: '游戏机', dayPlans: true, services: ['accident', 'swap'] },
  { key: 'drone', name: '无人机', dayPlans: true, services: ['flyaway', 'accident', 'swap'] },
  { key: 'watch', name: '智能手表', dayPlans: false, services: ['screen', 'accident'] },
  { key: 'headphones', name: '耳机音箱', dayPlans: false, services: ['accident', 'swap'] },
  { key: 'projector', name: '投影仪', dayPlans: true, services: ['accident', 'warranty'] },
  { key: 'vr', name: 'VR/AR眼镜', dayPlans: true, services: ['accident', 'swap'] },
];

export interface ServiceSeed {
  key: string;
  name: string;
  description: string;
  /** Yuan. */
  price: number;
  priceUnit: 'once' | 'period';
  required: boolean;
}

export const VALUE_ADDED_SERVICES: readonly ServiceSeed[] = [
  {
    key: 'screen',
    name: '碎屏保障',
    description: '租期内屏幕意外碎裂，免费维修一次，无需承担维修费用。',
    price: 9.9,
    priceUnit: 'period',
    required: false,
  },
  {
    key: 'accident',
    name: '意外保障',
    description: '租期内因意外跌落、进水造成的损坏，维修费用最高减免 80%。',
    price: 19.9,
    priceUnit: 'period',
    required: false,
  },
  {
    key: 'warranty',
    name: '延长保修',
    description: '非人为故障在租期内免费维修，维修期间提供同级备用机。',
    price: 15,
    priceUnit: 'period',
    required: false,
  },
  {
    key: 'wipe',
    name: '数据清除',
    description: '归还时由专业人员彻底清除设备数据并出具清除报告。',
    price: 19,
    priceUnit: 'once',
    required: false,
  },
  {
    key: 'lens',
    name: '镜头保障',
    description: '镜头进灰、霉斑、镜片划伤免费清洁或维修一次。',
    price: 29,
    priceUnit: 'period',
    required: false,
  },
  {
    key: 'swap',
    name: '极速换新',
    description: '收货 7 天内出现性能故障，免费换同款新机，往返运费由平台承担。',
    price: 9,
    priceUnit: 'once',
    required: false,
  },
  {
    key: 'flyaway',
    name: '炸机无忧',
    description: '飞行中意外坠毁或丢失，按设备价值 10% 赔付即可结清，其余由平台承担。',
    price: 39,
    priceUnit: 'period',
    required: true,
  },
];

const c = (name: string, hex: string): ColorSeed => ({ name, hex });
const cap = (label: string, extra = 0): CapacitySeed => ({ label, extra });

export const GOODS: readonly GoodsSeed[] = [
  // Phones
  {
    slug: 'iphone-16-pro-max',
    category: 'phone',
    brand: 'Apple',
    name: 'Apple iPhone 16 Pro Max',
    model: 'iPhone 16 Pro Max',
    subtitle: 'A18 Pro 芯片 · 6.9 英寸超视网膜屏 · 5 倍长焦',
    price: 9999,
    colors: [c('沙漠色钛金属', '#c2a385'), c('黑色钛金属', '#3c3c3e')],
    capacities: [cap('256GB'), cap('512GB', 2000)],
    offers95: false,
  },
  {
    slug: 'iphone-16-pro',
    category: 'phone',
    brand: 'Apple',
    name: 'Apple iPhone 16 Pro',
    model: 'iPhone 16 Pro',
    subtitle: 'A18 Pro 芯片 · 相机控制 · 钛金属设计',
    price: 7999,
    colors: [c('原色钛金属', '#b9b5ab'), c('白色钛金属', '#e8e6e1')],
    capacities: [cap('128GB'), cap('256GB', 1000)],
    offers95: false,
  },
  {
    slug: 'iphone-16',
    category: 'phone',
    brand: 'Apple',
    name: 'Apple iPhone 16',
    model: 'iPhone 16',
    subtitle: 'A18 芯片 · 相机控制 · 全天候电池续航',
    price: 5999,
    colors: [c('群青色', '#5b6ea8'), c('粉色', '#f2b8c6')],
    capacities: [cap('128GB'), cap('256GB', 1000)],
    offers95: false,
  },
  {
    slug: 'iphone-15',
    category: 'phone',
    brand: 'Apple',
    name: 'Apple iPhone 15',
    model: 'iPhone 15',
    subtitle: '灵动岛 · 4800 万像素主摄 · USB-C',
    price: 4999,
    colors: [c('黑色', '#35383b'), c('蓝色', '#cfdde6')],
    capacities: [cap('128GB'), cap('256GB', 1000)],
    offers95: true,
  },
  {
    slug: 'huawei-mate-70-pro',
    category: 'phone',
    brand: '华为',
    name: '华为 Mate 70 Pro',
    model: 'Mate 70 Pro',
    subtitle: '红枫原色影像 · 鸿蒙操作系统 · 卫星通信',
    price: 6499,
    colors: [c('曜石黑', '#2b2b2d'), c('云杉绿', '#4f6b5a')],
    capacities: [cap('12GB+256GB'), cap('12GB+512GB', 500)],
    offers95: false,
  },
  {
    slug: 'huawei-pura-70-ultra',
    category: 'phone',
    brand: '华为',
    name: '华为 Pura 70 Ultra',
    model: 'Pura 70 Ultra',
    subtitle: '伸缩摄像头 · 超聚光 XMAGE 影像',
    price: 9999,
    colors: [c('星芒黑', '#242426'), c('香颂绿', '#7e9b87')],
    capacities: [cap('16GB+512GB'), cap('16GB+1TB', 1000)],
    offers95: true,
  },
  {
    slug: 'xiaomi-15-ultra',
    category: 'phone',
    brand: '小米',
    name: '小米 15 Ultra',
    model: 'Xiaomi 15 Ultra',
    subtitle: '徕卡一英寸主摄 · 骁龙 8 至尊版',
    price: 6499,
    colors: [c('经典黑银', '#4a4a4c'), c('松柏绿', '#3f5a48')],
    capacities: [cap('16GB+512GB'), cap('16GB+1TB', 800)],
    offers95: false,
  },
  {
    slug: 'xiaomi-15',
    category: 'phone',
    brand: '小米',
    name: '小米 15',
    model: 'Xiaomi 15',
    subtitle: '徕卡光学 · 小尺寸旗舰 · 5400mAh 电池',
    price: 4499,
    colors: [c('白色', '#f0efec'), c('亮银版', '#c9ccd1')],
    capacities: [cap('12GB+256GB'), cap('16GB+512GB', 500)],
    offers95: false,
  },
  {
    slug: 'oppo-find-x8-pro',
    category: 'phone',
    brand: 'OPPO',
    name: 'OPPO Find X8 Pro',
    model: 'Find X8 Pro',
    subtitle: '双潜望长焦 · 天玑 9400 · 超薄机身',
    price: 5299,
    colors: [c('珍珠白', '#eeeae4'), c('星野黑', '#26282c')],
    capacities: [cap('12GB+256GB'), cap('16GB+512GB', 700)],
    offers95: false,
  },
  {
    slug: 'vivo-x200-pro',
    category: 'phone',
    brand: 'vivo',
    name: 'vivo X200 Pro',
    model: 'vivo X200 Pro',
    subtitle: '蔡司 APO 长焦 · 6000mAh 蓝海电池',
    price: 5299,
    colors: [c('钛色', '#a79e92'), c('宝石蓝', '#2f4f7f')],
    capacities: [cap('12GB+256GB'), cap('16GB+512GB', 700)],
    offers95: false,
  },
  {
    slug: 'honor-magic7-pro',
    category: 'phone',
    brand: '荣耀',
    name: '荣耀 Magic7 Pro',
    model: 'Magic7 Pro',
    subtitle: '鹰眼相机 · 青海湖电池 · AI 智能体',
    price: 5699,
    colors: [c('月影灰', '#7d7f84'), c('天际蓝', '#8fb2cf')],
    capacities: [cap('12GB+256GB'), cap('16GB+512GB', 600)],
    offers95: false,
  },
  {
    slug: 'galaxy-s25-ultra',
    category: 'phone',
    brand: '三星',
    name: '三星 Galaxy S25 Ultra',
    model: 'Galaxy S25 Ultra',
    subtitle: 'S Pen 手写笔 · 2 亿像素 · 钛金属边框',
    price: 9699,
    colors: [c('钛影黑', '#303134'), c('钛羽银', '#c7c9cc')],
    capacities: [cap('12GB+256GB'), cap('12GB+512GB', 1000)],
    offers95: false,
  },
  // Laptops
  {
    slug: 'macbook-air-13-m3',
    category: 'laptop',
    brand: 'Apple',
    name: 'Apple MacBook Air 13 英寸 M3',
    model: 'MacBook Air M3',
    subtitle: '轻至 1.24 千克 · 18 小时续航 · 无风扇静音',
    price: 7999,
    colors: [c('午夜色', '#2e3642'), c('星光色', '#e3dccf')],
    capacities: [cap('16GB+256GB'), cap('16GB+512GB', 1500)],
    offers95: true,
  },
  {
    slug: 'macbook-pro-14-m4-pro',
    category: 'laptop',
    brand: 'Apple',
    name: 'Apple MacBook Pro 14 英寸 M4 Pro',
    model: 'MacBook Pro 14',
    subtitle: 'M4 Pro 芯片 · Liquid 视网膜 XDR 显示屏',
    price: 16999,
    colors: [c('深空黑色', '#2b2b2e'), c('银色', '#d6d7d9')],
    capacities: [cap('24GB+512GB'), cap('48GB+1TB', 5000)],
    offers95: false,
  },
  {
    slug: 'macbook-pro-16-m4-max',
    category: 'laptop',
    brand: 'Apple',
    name: 'Apple MacBook Pro 16 英寸 M4 Max',
    model: 'MacBook Pro 16',
    subtitle: 'M4 Max 芯片 · 专业视频剪辑与三维渲染',
    price: 27999,
    colors: [c('深空黑色', '#2b2b2e'), c('银色', '#d6d7d9')],
    capacities: [cap('36GB+1TB'), cap('48GB+1TB', 3000)],
    offers95: false,
  },
  {
    slug: 'thinkpad-x1-carbon',
    category: 'laptop',
    brand: '联想',
    name: '联想 ThinkPad X1 Carbon 2024',
    model: 'ThinkPad X1 Carbon',
    subtitle: '酷睿 Ultra 7 · 商务轻薄 · 碳纤维机身',
    price: 12999,
    colors: [c('深灰色', '#323436')],
    capacities: [cap('32GB+1TB'), cap('64GB+2TB', 3000)],
    offers95: true,
  },
  {
    slug: 'legion-y9000p',
    category: 'laptop',
    brand: '联想',
    name: '联想 拯救者 Y9000P 2024',
    model: 'Legion Y9000P',
    subtitle: 'i9-14900HX · RTX 4060 · 2.5K 240Hz 电竞屏',
    price: 9999,
    colors: [c('钛晶灰', '#5a5d62')],
    capacities: [cap('16GB+1TB RTX4060'), cap('32GB+1TB RTX4070', 2000)],
    offers95: true,
  },
  {
    slug: 'matebook-x-pro',
    category: 'laptop',
    brand: '华为',
    name: '华为 MateBook X Pro 2024',
    model: 'MateBook X Pro',
    subtitle: '980 克超轻 · 3.1K OLED 原色屏',
    price: 11999,
    colors: [c('墨蓝', '#243552'), c('宝石蓝', '#3a5f8f')],
    capacities: [cap('16GB+1TB'), cap('32GB+2TB', 2000)],
    offers95: false,
  },
  {
    slug: 'redmi-book-pro-16',
    category: 'laptop',
    brand: '小米',
    name: '小米 Redmi Book Pro 16 2024',
    model: 'Redmi Book Pro 16',
    subtitle: '3.1K 165Hz 屏幕 · 学生办公性价比之选',
    price: 5999,
    colors: [c('星辰灰', '#5c6066')],
    capacities: [cap('32GB+1TB')],
    offers95: true,
  },
  {
    slug: 'dell-xps-13',
    category: 'laptop',
    brand: '戴尔',
    name: '戴尔 XPS 13 9340',
    model: 'Dell XPS 13',
    subtitle: '无边框 InfinityEdge 屏 · 触控功能键',
    price: 9999,
    colors: [c('石墨色', '#3b3d40'), c('铂金银', '#d8d9db')],
    capacities: [cap('16GB+512GB'), cap('32GB+1TB', 2500)],
    offers95: false,
  },
  {
    slug: 'rog-strix-scar',
    category: 'laptop',
    brand: '华硕',
    name: '华硕 ROG 枪神8 Plus',
    model: 'ROG Strix SCAR',
    subtitle: 'RTX 4080 · 18 英寸 2.5K 240Hz · 液金散热',
    price: 15999,
    colors: [c('日蚀灰', '#2a2b2f')],
    capacities: [cap('32GB+1TB RTX4080'), cap('32GB+2TB RTX4090', 6000)],
    offers95: false,
  },
  // Tablets
  {
    slug: 'ipad-pro-11-m4',
    category: 'tablet',
    brand: 'Apple',
    name: 'Apple iPad Pro 11 英寸 M4',
    model: 'iPad Pro M4',
    subtitle: '串联 OLED 屏 · 5.3 毫米超薄 · 支持 Apple Pencil Pro',
    price: 8999,
    colors: [c('深空黑色', '#2b2b2e'), c('银色', '#d6d7d9')],
    capacities: [cap('256GB WLAN'), cap('512GB WLAN', 1800)],
    offers95: false,
  },
  {
    slug: 'ipad-air-11-m2',
    category: 'tablet',
    brand: 'Apple',
    name: 'Apple iPad Air 11 英寸 M2',
    model: 'iPad Air M2',
    subtitle: 'M2 芯片 · 横向前置摄像头 · 四种配色',
    price: 4799,
    colors: [c('紫色', '#b8a9d1'), c('蓝色', '#9bb8d3')],
    capacities: [cap('128GB WLAN'), cap('256GB WLAN', 900)],
    offers95: true,
  },
  {
    slug: 'ipad-10',
    category: 'tablet',
    brand: 'Apple',
    name: 'Apple iPad 第十代',
    model: 'iPad 10',
    subtitle: '10.9 英寸视网膜屏 · 上网课追剧好帮手',
    price: 2999,
    colors: [c('蓝色', '#6f8fb5'), c('银色', '#d6d7d9')],
    capacities: [cap('64GB WLAN'), cap('256GB WLAN', 1200)],
    offers95: true,
  },
  {
    slug: 'ipad-mini-7',
    category: 'tablet',
    brand: 'Apple',
    name: 'Apple iPad mini 第七代',
    model: 'iPad mini',
    subtitle: 'A17 Pro 芯片 · 8.3 英寸 · 单手可握',
    price: 3999,
    colors: [c('星光色', '#e3dccf'), c('深空灰色', '#4a4b4f')],
    capacities: [cap('128GB WLAN'), cap('256GB WLAN', 800)],
    offers95: false,
  },
  {
    slug: 'matepad-pro-13',
    category: 'tablet',
    brand: '华为',
    name: '华为 MatePad Pro 13.2 英寸',
    model: 'MatePad Pro 13.2',
    subtitle: '柔性 OLED 大屏 · 星闪手写笔 · 鸿蒙生态',
    price: 5199,
    colors: [c('曜金黑', '#2d2c2a'), c('晶钻白', '#f1efea')],
    capacities: [cap('12GB+256GB'), cap('16GB+512GB', 1000)],
    offers95: false,
  },
  {
    slug: 'xiaomi-pad-7-pro',
    category: 'tablet',
    brand: '小米',
    name: '小米平板 7 Pro',
    model: 'Xiaomi Pad 7 Pro',
    subtitle: '3.2K 144Hz 屏 · 骁龙 8s Gen 3 · 学习娱乐两不误',
    price: 2499,
    colors: [c('黑色', '#2f3033'), c('绿色', '#9fb8a3')],
    capacities: [cap('8GB+256GB'), cap('12GB+512GB', 500)],
    offers95: true,
  },
  {
    slug: 'galaxy-tab-s10-ultra',
    category: 'tablet',
    brand: '三星',
    name: '三星 Galaxy Tab S10 Ultra',
    model: 'Galaxy Tab S10 Ultra',
    subtitle: '14.6 英寸 AMOLED · 标配 S Pen · IP68 防水',
    price: 9699,
    colors: [c('月岩灰', '#5f6166'), c('云母银', '#c7c9cc')],
    capacities: [cap('12GB+256GB'), cap('12GB+512GB', 1000)],
    offers95: false,
  },
  // Cameras
  {
    slug: 'sony-a7m4',
    category: 'camera',
    brand: '索尼',
    name: '索尼 Alpha 7 IV 全画幅微单',
    model: 'Sony A7 IV',
    subtitle: '3300 万像素 · 4K 60p · 实时眼部对焦',
    price: 15999,
    colors: [c('黑色', '#1f2022')],
    capacities: [cap('单机身'), cap('FE 28-70mm 套机', 1500)],
    offers95: true,
  },
  {
    slug: 'canon-r6-mark-ii',
    category: 'camera',
    brand: '佳能',
    name: '佳能 EOS R6 Mark II',
    model: 'Canon EOS R6 II',
    subtitle: '2420 万像素 · 40 张/秒连拍 · 8 级防抖',
    price: 15299,
    colors: [c('黑色', '#1f2022')],
    capacities: [cap('单机身'), cap('RF 24-105mm 套机', 5000)],
    offers95: true,
  },
  {
    slug: 'nikon-z6-iii',
    category: 'camera',
    brand: '尼康',
    name: '尼康 Z6 III',
    model: 'Nikon Z6 III',
    subtitle: '部分堆栈式传感器 · 6K 内录 · 高亮度取景器',
    price: 13999,
    colors: [c('黑色', '#1f2022')],
    capacities: [cap('单机身'), cap('Z 24-120mm 套机', 5500)],
    offers95: false,
  },
  {
    slug: 'fujifilm-x-t5',
    category: 'camera',
    brand: '富士',
    name: '富士 X-T5',
    model: 'FUJIFILM X-T5',
    subtitle: '4020 万像素 · 经典转盘操作 · 胶片模拟',
    price: 11890,
    colors: [c('银色', '#c9cacc'), c('黑色', '#1f2022')],
    capacities: [cap('单机身'), cap('XF 16-80mm 套机', 3500)],
    offers95: false,
  },
  {
    slug: 'sony-zv-e10-ii',
    category: 'camera',
    brand: '索尼',
    name: '索尼 ZV-E10 II Vlog 相机',
    model: 'Sony ZV-E10 II',
    subtitle: '翻转屏自拍 · 4K 60p · 产品展示模式',
    price: 6499,
    colors: [c('白色', '#eeeeec'), c('黑色', '#1f2022')],
    capacities: [cap('16-50mm 套机')],
    offers95: false,
  },
  {
    slug: 'canon-r50',
    category: 'camera',
    brand: '佳能',
    name: '佳能 EOS R50',
    model: 'Canon EOS R50',
    subtitle: '入门微单 · 轻巧便携 · 自动场景识别',
    price: 4999,
    colors: [c('白色', '#eeeeec'), c('黑色', '#1f2022')],
    capacities: [cap('18-45mm 套机')],
    offers95: true,
  },
  {
    slug: 'dji-osmo-pocket-3',
    category: 'camera',
    brand: '大疆',
    name: '大疆 Osmo Pocket 3',
    model: 'Osmo Pocket 3',
    subtitle: '一英寸 CMOS · 三轴云台 · 旋转大屏',
    price: 3499,
    colors: [c('黑色', '#27282b')],
    capacities: [cap('标准版'), cap('全能套装', 1000)],
    offers95: false,
  },
  {
    slug: 'gopro-hero13',
    category: 'camera',
    brand: 'GoPro',
    name: 'GoPro HERO13 Black 运动相机',
    model: 'GoPro HERO13',
    subtitle: '5.3K 60 帧 · 10 米防水 · HyperSmooth 防抖',
    price: 3198,
    colors: [c('黑色', '#1f2022')],
    capacities: [cap('标准版'), cap('创作者套装', 1000)],
    offers95: false,
  },
  {
    slug: 'insta360-x4',
    category: 'camera',
    brand: '影石',
    name: '影石 Insta360 X4 全景相机',
    model: 'Insta360 X4',
    subtitle: '8K 全景 · 隐形自拍杆 · 手势控制',
    price: 3499,
    colors: [c('黑色', '#1f2022')],
    capacities: [cap('标准版'), cap('滑雪套装', 600)],
    offers95: false,
  },
  // Consoles
  {
    slug: 'switch-oled',
    category: 'console',
    brand: '任天堂',
    name: '任天堂 Switch OLED 游戏机',
    model: 'Switch OLED',
    subtitle: '7 英寸 OLED 屏 · 掌机主机两用 · 国行版',
    price: 2099,
    colors: [c('白色', '#f2f2f0'), c('电光红蓝', '#e4002b')],
    capacities: [cap('64GB 主机')],
    offers95: true,
  },
  {
    slug: 'switch-lite',
    category: 'console',
    brand: '任天堂',
    name: '任天堂 Switch Lite',
    model: 'Switch Lite',
    subtitle: '专为掌上游戏设计 · 小巧轻便',
    price: 1299,
    colors: [c('珊瑚色', '#f4a6a0'), c('蓝绿色', '#5fb8b2')],
    capacities: [cap('32GB 主机')],
    offers95: true,
  },
  {
    slug: 'ps5-pro',
    category: 'console',
    brand: '索尼',
    name: '索尼 PlayStation 5 Pro',
    model: 'PS5 Pro',
    subtitle: '光线追踪增强 · PSSR 超分 · 2TB 存储',
    price: 5899,
    colors: [c('白色', '#f0f0f2')],
    capacities: [cap('2TB 数字版'), cap('2TB 含光驱', 700)],
    offers95: false,
  },
  {
    slug: 'ps5-slim',
    category: 'console',
    brand: '索尼',
    name: '索尼 PlayStation 5 Slim 光驱版',
    model: 'PS5 Slim',
    subtitle: '4K 120Hz · 自适应扳机 · 1TB 存储',
    price: 3599,
    colors: [c('白色', '#f0f0f2')],
    capacities: [cap('1TB 光驱版')],
    offers95: true,
  },
  {
    slug: 'xbox-series-x',
    category: 'console',
    brand: '微软',
    name: '微软 Xbox Series X',
    model: 'Xbox Series X',
    subtitle: '12 TFLOPS · 快速恢复 · XGP 畅玩数百款游戏',
    price: 3899,
    colors: [c('黑色', '#1c1d1f')],
    capacities: [cap('1TB 主机')],
    offers95: true,
  },
  {
    slug: 'steam-deck-oled',
    category: 'console',
    brand: 'Valve',
    name: 'Steam Deck OLED 掌机',
    model: 'Steam Deck OLED',
    subtitle: 'HDR OLED 屏 · 随时畅玩 Steam 游戏库',
    price: 3999,
    colors: [c('黑色', '#25272a')],
    capacities: [cap('512GB'), cap('1TB', 800)],
    offers95: false,
  },
  // Drones
  {
    slug: 'dji-mini-4-pro',
    category: 'drone',
    brand: '大疆',
    name: '大疆 DJI Mini 4 Pro 航拍无人机',
    model: 'DJI Mini 4 Pro',
    subtitle: '249 克轻量 · 全向避障 · 4K 100 帧',
    price: 4788,
    colors: [c('灰色', '#6e7074')],
    capacities: [cap('标准版'), cap('畅飞长续航套装', 1500)],
    offers95: true,
  },
  {
    slug: 'dji-air-3s',
    category: 'drone',
    brand: '大疆',
    name: '大疆 DJI Air 3S',
    model: 'DJI Air 3S',
    subtitle: '一英寸双摄 · 夜景全向避障 · 45 分钟续航',
    price: 6988,
    colors: [c('灰色', '#6e7074')],
    capacities: [cap('标准版'), cap('畅飞套装', 1800)],
    offers95: false,
  },
  {
    slug: 'dji-mavic-3-pro',
    category: 'drone',
    brand: '大疆',
    name: '大疆 DJI Mavic 3 Pro',
    model: 'DJI Mavic 3 Pro',
    subtitle: '哈苏三摄 · 专业航拍 · 43 分钟续航',
    price: 13888,
    colors: [c('灰色', '#6e7074')],
    capacities: [cap('DJI RC 版'), cap('畅飞套装 DJI RC Pro', 6000)],
    offers95: false,
  },
  {
    slug: 'dji-avata-2',
    category: 'drone',
    brand: '大疆',
    name: '大疆 DJI Avata 2 穿越机',
    model: 'DJI Avata 2',
    subtitle: '第一视角沉浸飞行 · 一键特技 · 4K 超广角',
    price: 3988,
    colors: [c('黑色', '#2a2b2e')],
    capacities: [cap('畅飞套装单电池'), cap('畅飞套装三电池', 800)],
    offers95: false,
  },
  {
    slug: 'dji-neo',
    category: 'drone',
    brand: '大疆',
    name: '大疆 DJI Neo',
    model: 'DJI Neo',
    subtitle: '135 克掌上起飞 · AI 跟拍 · 语音控制',
    price: 1299,
    colors: [c('灰色', '#8a8c90')],
    capacities: [cap('标准版'), cap('畅飞套装', 700)],
    offers95: false,
  },
  {
    slug: 'dji-mini-4k',
    category: 'drone',
    brand: '大疆',
    name: '大疆 DJI Mini 4K',
    model: 'DJI Mini 4K',
    subtitle: '入门航拍 · 4K 超高清 · 三轴机械云台',
    price: 1799,
    colors: [c('灰色', '#8a8c90')],
    capacities: [cap('标准版'), cap('畅飞套装', 600)],
    offers95: true,
  },
  // Watches
  {
    slug: 'apple-watch-s10',
    category: 'watch',
    brand: 'Apple',
    name: 'Apple Watch Series 10',
    model: 'Watch Series 10',
    subtitle: '更大更薄的广角 OLED 屏 · 睡眠呼吸暂停提醒',
    price: 2999,
    colors: [c('亮黑色', '#18191b'), c('玫瑰金色', '#e6c4b6')],
    capacities: [cap('42 毫米 GPS'), cap('46 毫米 GPS', 200)],
    offers95: false,
  },
  {
    slug: 'apple-watch-ultra-2',
    category: 'watch',
    brand: 'Apple',
    name: 'Apple Watch Ultra 2',
    model: 'Watch Ultra 2',
    subtitle: '49 毫米钛金属表壳 · 双频 GPS · 潜水计算',
    price: 6499,
    colors: [c('原色', '#bdb6aa'), c('黑色', '#232325')],
    capacities: [cap('49 毫米 GPS+蜂窝')],
    offers95: false,
  },
  {
    slug: 'huawei-watch-gt5-pro',
    category: 'watch',
    brand: '华为',
    name: '华为 WATCH GT 5 Pro',
    model: 'WATCH GT 5 Pro',
    subtitle: '钛金属表壳 · 14 天续航 · 高尔夫球场地图',
    price: 2488,
    colors: [c('黑色', '#202124'), c('钛色', '#b8b1a6')],
    capacities: [cap('46mm')],
    offers95: true,
  },
  {
    slug: 'huawei-watch-5',
    category: 'watch',
    brand: '华为',
    name: '华为 WATCH 5',
    model: 'HUAWEI WATCH 5',
    subtitle: 'X-TAP 多感知 · eSIM 独立通话',
    price: 2999,
    colors: [c('幻夜黑', '#1c1c1e'), c('星云紫', '#8e7fa6')],
    capacities: [cap('46mm'), cap('42mm', -200)],
    offers95: false,
  },
  {
    slug: 'xiaomi-watch-s4',
    category: 'watch',
    brand: '小米',
    name: '小米 Watch S4',
    model: 'Xiaomi Watch S4',
    subtitle: '旋转表圈 · 15 天续航 · 150+ 运动模式',
    price: 999,
    colors: [c('曜石黑', '#1f2022'), c('银色', '#cfd1d4')],
    capacities: [cap('47mm 蓝牙版'), cap('47mm eSIM 版', 300)],
    offers95: false,
  },
  {
    slug: 'galaxy-watch7',
    category: 'watch',
    brand: '三星',
    name: '三星 Galaxy Watch7',
    model: 'Galaxy Watch7',
    subtitle: '双频 GPS · 身体成分分析 · 蓝宝石玻璃',
    price: 1999,
    colors: [c('绿色', '#5f7563'), c('奶油色', '#ece3d2')],
    capacities: [cap('44mm 蓝牙版')],
    offers95: true,
  },
  // Headphones and speakers
  {
    slug: 'airpods-pro-2',
    category: 'headphones',
    brand: 'Apple',
    name: 'Apple AirPods Pro 第二代',
    model: 'AirPods Pro 2',
    subtitle: '主动降噪 · 自适应音频 · USB-C 充电盒',
    price: 1899,
    colors: [c('白色', '#f5f5f3')],
    capacities: [cap('USB-C 版')],
    offers95: false,
  },
  {
    slug: 'airpods-max',
    category: 'headphones',
    brand: 'Apple',
    name: 'Apple AirPods Max',
    model: 'AirPods Max',
    subtitle: '头戴式高保真 · 空间音频 · 主动降噪',
    price: 3999,
    colors: [c('午夜色', '#2e3642'), c('星光色', '#e3dccf')],
    capacities: [cap('USB-C 版')],
    offers95: true,
  },
  {
    slug: 'sony-wh-1000xm5',
    category: 'headphones',
    brand: '索尼',
    name: '索尼 WH-1000XM5 降噪耳机',
    model: 'Sony WH-1000XM5',
    subtitle: '旗舰降噪 · 30 小时续航 · 佩戴轻盈',
    price: 2999,
    colors: [c('黑色', '#1f2022'), c('铂金银', '#d8d6d2')],
    capacities: [cap('标准版')],
    offers95: true,
  },
  {
    slug: 'bose-qc-ultra',
    category: 'headphones',
    brand: 'Bose',
    name: 'Bose QuietComfort Ultra 消噪耳机',
    model: 'Bose QC Ultra',
    subtitle: '沉浸音频 · 世界级消噪 · 舒适耳垫',
    price: 3299,
    colors: [c('经典黑', '#1f2022'), c('雾白色', '#ebe8e2')],
    capacities: [cap('头戴式')],
    offers95: false,
  },
  {
    slug: 'huawei-freebuds-pro-4',
    category: 'headphones',
    brand: '华为',
    name: '华为 FreeBuds Pro 4',
    model: 'FreeBuds Pro 4',
    subtitle: '双单元 · 星闪无损音频 · 智慧动态降噪',
    price: 1499,
    colors: [c('冰霜银', '#d9dadc'), c('雅黑色', '#222325')],
    capacities: [cap('标准版')],
    offers95: false,
  },
  {
    slug: 'sennheiser-momentum-4',
    category: 'headphones',
    brand: '森海塞尔',
    name: '森海塞尔 MOMENTUM 4 无线耳机',
    model: 'MOMENTUM 4',
    subtitle: '60 小时续航 · 自适应降噪 · 发烧级音质',
    price: 2999,
    colors: [c('黑色', '#1f2022'), c('白色', '#efede9')],
    capacities: [cap('标准版')],
    offers95: true,
  },
  // Projectors
  {
    slug: 'xgimi-h6',
    category: 'projector',
    brand: '极米',
    name: '极米 H6 4K 家用投影仪',
    model: 'XGIMI H6',
    subtitle: '4K 超高清 · 自动对焦梯形校正 · 哈曼卡顿音响',
    price: 5299,
    colors: [c('深空灰', '#3a3b3e')],
    capacities: [cap('标准版')],
    offers95: true,
  },
  {
    slug: 'dangbei-x5-ultra',
    category: 'projector',
    brand: '当贝',
    name: '当贝 X5 Ultra 激光投影仪',
    model: 'Dangbei X5 Ultra',
    subtitle: '全色激光 · 4K 3D · 光学变焦',
    price: 6999,
    colors: [c('白色', '#f1f1ef')],
    capacities: [cap('标准版')],
    offers95: false,
  },
  {
    slug: 'jmgo-n1s-ultra',
    category: 'projector',
    brand: '坚果',
    name: '坚果 N1S Ultra 4K 投影仪',
    model: 'JMGO N1S Ultra',
    subtitle: '纯三色激光 · 云台一体 · 自动避障',
    price: 5999,
    colors: [c('曜石黑', '#1f2022')],
    capacities: [cap('标准版')],
    offers95: false,
  },
  {
    slug: 'epson-ch-tw5750',
    category: 'projector',
    brand: '爱普生',
    name: '爱普生 CH-TW5750 家庭影院投影仪',
    model: 'EPSON TW5750',
    subtitle: '3LCD 技术 · 1080P · 2700 流明',
    price: 6999,
    colors: [c('白色', '#f1f1ef')],
    capacities: [cap('标准版')],
    offers95: true,
  },
  // VR / AR
  {
    slug: 'apple-vision-pro',
    category: 'vr',
    brand: 'Apple',
    name: 'Apple Vision Pro 空间计算设备',
    model: 'Vision Pro',
    subtitle: '空间照片与视频 · 眼手语音交互 · 国行版',
    price: 29999,
    colors: [c('银色', '#d6d7d9')],
    capacities: [cap('256GB'), cap('512GB', 1500)],
    offers95: false,
  },
  {
    slug: 'meta-quest-3',
    category: 'vr',
    brand: 'Meta',
    name: 'Meta Quest 3 一体机',
    model: 'Meta Quest 3',
    subtitle: '彩色透视混合现实 · 骁龙 XR2 Gen 2',
    price: 4499,
    colors: [c('白色', '#f0f0ee')],
    capacities: [cap('512GB')],
    offers95: true,
  },
  {
    slug: 'pico-4-ultra',
    category: 'vr',
    brand: 'PICO',
    name: 'PICO 4 Ultra VR 一体机',
    model: 'PICO 4 Ultra',
    subtitle: 'MR 混合现实 · 空间视频拍摄 · 体感追踪',
    price: 3499,
    colors: [c('白色', '#f0f0ee')],
    capacities: [cap('12GB+256GB')],
    offers95: false,
  },
  {
    slug: 'rayneo-air-3',
    category: 'vr',
    brand: '雷鸟',
    name: '雷鸟 Air 3 观影 AR 眼镜',
    model: 'RayNeo Air 3',
    subtitle: '201 寸巨幕 · 即插即用 · 出行观影',
    price: 1699,
    colors: [c('黑色', '#1f2022')],
    capacities: [cap('标准版')],
    offers95: false,
  },
];

/** Home banners; `image` is a file under assets/banner/. */
export interface BannerSeed {
  key: string;
  title: string;
  /** Large headline drawn on the picture. */
  headline: string;
  tagline: string;
  colors: readonly [string, string];
  linkType: 'none' | 'goods' | 'category' | 'page';
  /** goods slug, category key or page path, resolved to ids by the seeder. */
  link: string;
}

export const BANNERS: readonly BannerSeed[] = [
  {
    key: 'new-phone',
    title: 'iPhone 16 Pro 新机首发',
    headline: 'iPhone 16 Pro 新机开租',
    tagline: '信用免押 · 次日发货 · 到期可买断',
    colors: ['#1d2b4f', '#4b6cb7'],
    linkType: 'goods',
    link: 'iphone-16-pro',
  },
  {
    key: 'student-laptop',
    title: '开学季 笔记本电脑低至日租',
    headline: '开学季 笔记本月租特惠',
    tagline: '学生办公 · 轻薄游戏本全都有',
    colors: ['#0f5132', '#38a169'],
    linkType: 'category',
    link: 'laptop',
  },
  {
    key: 'travel-camera',
    title: '旅行相机 按天租',
    headline: '出游带上好相机',
    tagline: '微单 运动相机 按天租 随租随还',
    colors: ['#7b341e', '#ed8936'],
    linkType: 'category',
    link: 'camera',
  },
  {
    key: 'drone',
    title: '大疆无人机 航拍季',
    headline: '大疆航拍 一天起租',
    tagline: '炸机无忧保障 · 新手也敢飞',
    colors: ['#234e52', '#4fd1c5'],
    linkType: 'category',
    link: 'drone',
  },
  {
    key: 'game-console',
    title: '游戏机 周末畅玩',
    headline: '周末畅玩 Switch PS5',
    tagline: '主机掌机 七天起租',
    colors: ['#44337a', '#9f7aea'],
    linkType: 'category',
    link: 'console',
  },
  {
    key: 'credit-free',
    title: '信用免押金',
    headline: '芝麻信用免押金',
    tagline: '信用越好 押金越低 最高全免',
    colors: ['#1a365d', '#3182ce'],
    linkType: 'page',
    link: 'pages/commonProblem/commonProblem',
  },
];

/** Channel codes that have their own banners, tabs and home categories in the demo data. */
export const DEMO_CHANNELS = ['douyin', 'xhs'] as const;

export const HOT_KEYWORDS: readonly string[] = [
  'iPhone 16',
  'MacBook',
  '大疆',
  'Switch',
  '相机',
  '华为',
  '平板',
  '投影仪',
];

export const DICTIONARY: Readonly<Record<string, readonly (readonly [string, string])[]>> = {
  // Where returned goods go (label: recipient and phone; value: the address), shown to copy on
  // the return screens.
  return_address: [
    ['租赁售后中心 400-826-1688', '浙江省杭州市余杭区文一西路 998 号 售后仓 3 号门'],
  ],
  goods_condition: [
    ['全新', '全新'],
    ['99新', '99新'],
    ['95新', '95新'],
  ],
  term_unit: [
    ['月', 'month'],
    ['天', 'day'],
  ],
  contact_relation: [
    ['父母', 'parent'],
    ['配偶', 'spouse'],
    ['子女', 'child'],
    ['兄弟姐妹', 'sibling'],
    ['朋友', 'friend'],
    ['同事', 'colleague'],
  ],
  return_reason: [
    ['租期已到', 'term_end'],
    ['不想租了', 'no_longer_needed'],
    ['商品故障', 'faulty'],
    ['与描述不符', 'not_as_described'],
    ['其他', 'other'],
  ],
  cancel_reason: [
    ['信息填写错误', 'wrong_info'],
    ['不想租了', 'no_longer_needed'],
    ['找到更便宜的', 'cheaper_elsewhere'],
    ['审核时间太长', 'review_too_slow'],
    ['其他', 'other'],
  ],
  complaint_type: [
    ['商品问题', 'goods'],
    ['物流问题', 'logistics'],
    ['费用问题', 'billing'],
    ['服务态度', 'service'],
    ['功能建议', 'suggestion'],
    ['其他', 'other'],
  ],
};

export const EXPRESS_COMPANIES: readonly (readonly [code: string, name: string, phone: string])[] =
  [
    ['SF', '顺丰速运', '95338'],
    ['JD', '京东快递', '950616'],
    ['EMS', '中国邮政 EMS', '11183'],
    ['ZTO', '中通快递', '95311'],
    ['YTO', '圆通速递', '95554'],
    ['STO', '申通快递', '95543'],
    ['YD', '韵达快递', '95546'],
    ['JTSD', '极兔速递', '956025'],
  ];

export const QUESTION_TYPES: readonly {
  name: string;
  icon: string;
  questions: readonly (readonly [question: string, answer: string])[];
}[] = [
  {
    name: '租赁流程',
    icon: 'process',
    questions: [
      [
        '怎么租一台设备？',
        '选择商品、颜色规格和租期方案，提交订单后完成实名认证和信用评估，签署租赁合同并支付首期租金，审核通过后即可发货。',
      ],
      ['租期从什么时候开始算？', '租期从您签收商品的次日 0 点开始计算，签收当天不计租金。'],
      ['可以续租吗？', '可以。租期结束前 7 天可在“我的订单”中申请续租，续租租金按原方案计算。'],
    ],
  },
  {
    name: '订单与发货',
    icon: 'order',
    questions: [
      ['下单后多久发货？', '审核通过后 24 小时内发货，默认顺丰速运，偏远地区可能延后 1-2 天。'],
      ['可以修改收货地址吗？', '发货前可在订单详情中修改收货地址，发货后请联系客服处理。'],
      ['怎么取消订单？', '发货前可在订单详情中直接取消，已支付的款项原路退回。'],
    ],
  },
  {
    name: '账单与支付',
    icon: 'bill',
    questions: [
      [
        '每期租金怎么支付？',
        '可开通自动代扣，到期日自动从支付宝或绑定的银行卡扣款；也可在账单页主动支付。',
      ],
      ['逾期会怎样？', '逾期将按日收取违约金并可能影响您的信用记录，请按时支付租金。'],
      ['可以提前还清吗？', '可以在账单页一次性支付剩余租金，或申请买断。'],
    ],
  },
  {
    name: '归还与买断',
    icon: 'return',
    questions: [
      [
        '租期到了怎么归还？',
        '在订单详情中申请归还，按页面提供的地址寄回商品并填写快递单号，验机完成后押金原路退回。',
      ],
      [
        '买断价格怎么算？',
        '买断价随已付期数逐期降低，商品详情的租期方案中列出了每期之后的买断价。',
      ],
      [
        '归还时设备有磨损怎么办？',
        '正常使用痕迹不收费；超出正常使用的损坏按《租赁服务协议》中的定损标准处理。',
      ],
    ],
  },
  {
    name: '押金与信用',
    icon: 'credit',
    questions: [
      [
        '押金可以减免吗？',
        '支持芝麻信用评估，信用良好可部分或全额免押，具体以下单时的评估结果为准。',
      ],
      ['押金什么时候退？', '商品归还并验机通过后 1-3 个工作日内原路退回。'],
    ],
  },
  {
    name: '售后与保障',
    icon: 'service',
    questions: [
      [
        '收到的设备有问题怎么办？',
        '签收 7 天内出现非人为性能故障，可申请免费换新；之后的故障按所购保障服务处理。',
      ],
      [
        '增值服务有哪些？',
        '提供碎屏保障、意外保障、延长保修、数据清除等服务，可在下单时选择，详见增值服务说明。',
      ],
    ],
  },
];

export const SERVICE_WORK_TIME = '每天 09:00-21:00';

export interface ExplainSeed {
  kind: 'rent_rule' | 'value_added' | 'buyout' | 'return' | 'notice';
  title: string;
  content: string;
  /** Category key for category-specific notices; null = every goods. */
  category: DeviceShape | null;
}

export const EXPLAINS: readonly ExplainSeed[] = [
  {
    kind: 'rent_rule',
    title: '租赁规则',
    content:
      '1. 租期自签收次日起算，按所选方案的期数（月或天）计租。\n2. 首期租金在签约后支付，其余租金按账单日自动扣款或主动支付。\n3. 租期内可申请续租、归还或买断。\n4. 租赁期间商品所有权归平台所有，请勿转租、抵押或出售。',
    category: null,
  },
  {
    kind: 'value_added',
    title: '增值服务说明',
    content:
      '增值服务为可选项，随租金按期收取或一次性收取。保障服务仅覆盖租期内发生的损坏，每项保障每个订单限用一次，人为故意损坏不在保障范围内。',
    category: null,
  },
  {
    kind: 'buyout',
    title: '买断说明',
    content:
      '租期内任意时间可申请买断，买断价随已付期数逐期降低；支付买断款后商品归您所有，押金同时退回。',
    category: null,
  },
  {
    kind: 'return',
    title: '归还说明',
    content:
      '租期结束前 3 天内申请归还，请将商品及全部配件、包装寄回指定地址，寄回运费由平台承担。验机通过后押金原路退回。',
    category: null,
  },
  {
    kind: 'notice',
    title: '相机使用须知',
    content: '请在归还前清空存储卡并取出电池；镜头请勿直接对准强光源。',
    category: 'camera',
  },
  {
    kind: 'notice',
    title: '无人机飞行须知',
    content:
      '起飞重量超过 250 克的无人机需在中国民航局无人驾驶航空器综合管理平台实名登记；请勿在机场、禁飞区及人群上方飞行。',
    category: 'drone',
  },
  {
    kind: 'notice',
    title: '游戏机使用须知',
    content: '归还前请退出个人账号并恢复出厂设置，数字版游戏随账号保留。',
    category: 'console',
  },
];
