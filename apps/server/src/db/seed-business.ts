// Demo business data for ent-a (metals trader, the richest), ent-b (energy supply chain) and ent-c (a little):
// goods-category trees and goods, orders, projects, contracts of every type, loans, addresses, warehouse
// notices and delivery instructions, approval processes, company risk records and warning messages.
// Deterministic: every choice comes from a seeded PRNG and every date from DEMO_ANCHOR_DATE.
// Runs inside seedDemo's transaction: use only the trx handle here.
import { sql, type Insertable, type Transaction } from 'kysely';
import { CONTRACT_TYPE_NAMES, CONTRACT_TYPE_PREFIX, type ContractTypeSuffix, type RiskType } from '@tfb/contract';
import { NUMBER_KEYS, businessDay, formatNumber } from '../lib/numbering.js';
import { DEMO_ENTERPRISES } from './seed-identity.js';
import type { DB } from './types.js';

/** "Today" of the demo data: every seeded date lies before it (warnings and running tasks within days). */
export const DEMO_ANCHOR_DATE = '2026-11-20';

/**
 * Fields of company_risks.details per risk type (spec 2.3 item 9), all strings except amounts (numbers, yuan):
 *   17 blacklist ................... reason, listedBy, listedDate
 *   18 chattel mortgage ............ registrationNumber, mortgagee, amount, registrationDate, status ('有效' | '已注销')
 *   19 equity pledge ............... pledgor, pledgee, amount, registrationDate
 *   20 business anomaly ............ reason, authority, listedDate
 *   21 judicial auction ............ title, court, startingPrice, auctionDate
 *   22 serious violation ........... reason, authority, listedDate
 *   23 court notice ................ caseNumber, court, plaintiff, defendant, hearingDate
 *   24 enforcement ................. caseNumber, court, amount, filingDate
 *   25 administrative penalty ...... decisionNumber, authority, reason, penalty, decisionDate
 *   27 licence expiry .............. licenceName, licenceNumber, expiryDate
 *   28 business scope change ....... before, after, changeDate
 *   29 legal representative change . before, after, changeDate
 *   30 registered capital change ... before, after, changeDate
 * Dates are yyyy-MM-dd.
 */
export const RISK_WARN_RULES: Record<RiskType, string> = {
  17: '企业被列入黑名单',
  18: '企业存在动产抵押登记',
  19: '企业存在股权出质登记',
  20: '企业被列入经营异常名录',
  21: '企业资产被司法拍卖',
  22: '企业被列入严重违法失信名单',
  23: '企业涉及法院公告',
  24: '企业被列为被执行人',
  25: '企业受到行政处罚',
  27: '企业证照即将到期',
  28: '企业经营范围发生变更',
  29: '企业法定代表人发生变更',
  30: '企业注册资本发生变更',
};

/** The label of delivery instructions generated from a delivery application (spec 7.3 dataSources). */
export const DELIVERY_APPLICATION_SOURCE = '提货申请生成';

// ---------------------------------------------------------------------------------------------
// Deterministic randomness and dates

class Rng {
  private state: number;
  constructor(seed: string) {
    let h = 2166136261;
    for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
    this.state = h >>> 0;
  }
  /** mulberry32 */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  real(min: number, max: number): number {
    return min + this.next() * (max - min);
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  shuffle<T>(items: readonly T[]): T[] {
    const a = [...items];
    for (let i = a.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [a[i], a[j]] = [a[j]!, a[i]!];
    }
    return a;
  }
  sample<T>(items: readonly T[], n: number): T[] {
    return this.shuffle(items).slice(0, Math.min(n, items.length));
  }
}

const DAY = 86_400_000;
const HOUR = 3_600_000;
const ANCHOR = Date.parse(`${DEMO_ANCHOR_DATE}T00:00:00Z`);
const daysAgo = (d: number) => new Date(ANCHOR - d * DAY);
const ymd = (d: Date) => d.toISOString().slice(0, 10);
const compact = (d: Date) => ymd(d).replace(/-/g, '');
const iso = (d: Date) => d.toISOString();
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * DAY);
const pad = (n: number, w = 3) => String(n).padStart(w, '0');
const round = (v: number, step: number) => Math.round(v / step) * step;
const money = (v: number) => Math.round(v * 100) / 100;
const qty3 = (v: number) => Math.round(v * 1000) / 1000;

function* chunks<T>(rows: readonly T[], size = 500): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

/**
 * Business codes of one enterprise in the server's format (KEY-yyyyMMdd-NNNNN, numbering.ts), counted per key and
 * business day as the server counts; `save` advances the server's counters past them, so numbers generated later
 * never collide with seeded ones.
 */
class SeedNumbers {
  private readonly last = new Map<string, { key: string; period: string; value: number }>();
  constructor(private readonly enterpriseId: string) {}
  next(key: string, at: Date): string {
    const period = businessDay(at);
    const id = `${key}/${period}`;
    const entry = this.last.get(id) ?? { key, period, value: 0 };
    entry.value += 1;
    this.last.set(id, entry);
    return formatNumber(key, period, entry.value);
  }
  async save(trx: Transaction<DB>): Promise<void> {
    const rows = [...this.last.values()].map((e) => ({
      enterprise_id: this.enterpriseId,
      number_key: e.key,
      period: e.period,
      last_value: e.value,
    }));
    for (const batch of chunks(rows)) {
      await trx
        .insertInto('number_sequences')
        .values(batch)
        .onConflict((oc) =>
          oc.columns(['enterprise_id', 'number_key', 'period']).doUpdateSet((eb) => ({
            last_value: sql<number>`greatest(${eb.ref('number_sequences.last_value')}, ${eb.ref('excluded.last_value')})`,
          })),
        )
        .execute();
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Goods catalogue

export type ReelStyle = 'coil' | 'lot' | 'none';
export type Product = {
  name: string;
  /** Pricing unit. */
  unit: '吨' | '件';
  /** Unit of quantity (the piece that is counted). */
  monad: string;
  specs: string[];
  textures: string[];
  makers: string[];
  price: [number, number];
  /** Weight of one monad in tonnes. */
  weight: [number, number];
  reel: ReelStyle;
};
export type CategoryNode = { name: string; children?: CategoryNode[]; product?: Product; count?: number };

const M = {
  steel: [
    '宝山钢铁股份有限公司',
    '江苏沙钢集团有限公司',
    '鞍钢股份有限公司',
    '首钢京唐钢铁联合有限责任公司',
    '河钢股份有限公司',
    '马鞍山钢铁股份有限公司',
    '日照钢铁控股集团有限公司',
    '中天钢铁集团有限公司',
  ],
  ore: ['力拓集团（Rio Tinto）', '必和必拓（BHP）', '淡水河谷（Vale）', 'FMG 集团', '鞍钢集团矿业有限公司', '首钢集团有限公司矿业公司'],
  alloy: [
    '鄂尔多斯电力冶金集团股份有限公司',
    '内蒙古君正能源化工集团股份有限公司',
    '宁夏晟晏实业集团能源循环经济有限公司',
    '中信锦州金属股份有限公司',
    '建龙集团有限公司',
  ],
  wire: ['贵州钢绳股份有限公司', '法尔胜泓昇集团有限公司', '江苏狼山钢绳股份有限公司', '天津友发钢管集团股份有限公司'],
  copper: [
    '江西铜业股份有限公司',
    '铜陵有色金属集团股份有限公司',
    '云南铜业股份有限公司',
    '金川集团股份有限公司',
    '大冶有色金属集团控股有限公司',
    '紫金矿业集团股份有限公司',
  ],
  aluminium: [
    '中国铝业股份有限公司',
    '山东南山铝业股份有限公司',
    '山东魏桥创业集团有限公司',
    '云南铝业股份有限公司',
    '河南明泰铝业股份有限公司',
    '东方希望集团有限公司',
  ],
  zinc: ['株洲冶炼集团股份有限公司', '云南驰宏锌锗股份有限公司', '深圳市中金岭南有色金属股份有限公司', '河南豫光金铅股份有限公司'],
  nickel: ['金川集团股份有限公司', '新疆新鑫矿业股份有限公司', '云南锡业股份有限公司', '广西华锡集团股份有限公司'],
  coal: [
    '中国神华能源股份有限公司',
    '中煤能源股份有限公司',
    '兖矿能源集团股份有限公司',
    '晋能控股集团有限公司',
    '陕西煤业股份有限公司',
    '内蒙古伊泰煤炭股份有限公司',
  ],
  cokingCoal: ['山西焦煤集团有限责任公司', '淮北矿业股份有限公司', '平顶山天安煤业股份有限公司', '开滦能源化工股份有限公司'],
  coke: ['山西美锦能源股份有限公司', '旭阳集团有限公司', '开滦能源化工股份有限公司', '山西潞宝集团焦化有限公司'],
  grain: [
    '中粮集团有限公司',
    '北大荒农垦集团有限公司',
    '中储粮油脂有限公司',
    '九三粮油工业集团有限公司',
    '益海嘉里金龙鱼粮油食品股份有限公司',
  ],
  polymer: [
    '中国石化扬子石油化工有限公司',
    '中国石油独山子石化分公司',
    '恒力石化股份有限公司',
    '浙江石油化工有限公司',
    '宁夏宝丰能源集团股份有限公司',
    '万华化学集团股份有限公司',
  ],
  pvc: ['新疆中泰化学股份有限公司', '内蒙古君正能源化工集团股份有限公司', '天津渤海化工集团有限责任公司', '新疆天业股份有限公司'],
  methanol: ['兖矿鲁南化工有限公司', '宁夏宝丰能源集团股份有限公司', '久泰能源（内蒙古）有限公司', '中天合创能源有限责任公司'],
  polyester: ['恒力石化股份有限公司', '逸盛石化有限公司', '新凤鸣集团股份有限公司', '桐昆集团股份有限公司'],
  urea: ['山东华鲁恒升化工股份有限公司', '湖北宜化集团有限责任公司', '中国中化化肥有限公司', '云天化股份有限公司'],
  oil: ['中国石化燕山石化分公司', '中国石油大连石化分公司', '中国石化天津分公司', '山东京博石油化工有限公司'],
  packaging: ['上海托盘包装科技有限公司', '江苏中集物流装备有限公司', '浙江永康塑料制品有限公司'],
};

export const PRODUCTS = {
  rebar: {
    name: '螺纹钢',
    unit: '吨',
    monad: '捆',
    specs: [
      'Φ12mm×9m',
      'Φ14mm×9m',
      'Φ16mm×12m',
      'Φ18mm×12m',
      'Φ20mm×12m',
      'Φ22mm×12m',
      'Φ25mm×12m',
      'Φ28mm×12m',
      'Φ32mm×12m',
      'Φ36mm×12m',
      'Φ40mm×12m',
    ],
    textures: ['HRB400E', 'HRB500E'],
    makers: M.steel,
    price: [3350, 3850],
    weight: [2.0, 3.2],
    reel: 'lot',
  },
  wireRod: {
    name: '高速线材',
    unit: '吨',
    monad: '卷',
    specs: ['Φ6.5mm', 'Φ8mm', 'Φ10mm'],
    textures: ['HPB300', 'Q235B'],
    makers: M.steel,
    price: [3450, 3900],
    weight: [1.8, 2.3],
    reel: 'coil',
  },
  hotCoil: {
    name: '热轧卷板',
    unit: '吨',
    monad: '卷',
    specs: ['2.75×1250×C', '3.0×1500×C', '4.0×1500×C', '5.75×1500×C', '7.75×1800×C', '9.75×1500×C'],
    textures: ['Q235B', 'Q355B', 'SPHC', 'SS400'],
    makers: M.steel,
    price: [3450, 3950],
    weight: [18, 28],
    reel: 'coil',
  },
  coldCoil: {
    name: '冷轧卷板',
    unit: '吨',
    monad: '卷',
    specs: ['0.5×1000×C', '0.8×1250×C', '1.0×1250×C', '1.2×1250×C', '1.5×1250×C', '2.0×1250×C'],
    textures: ['SPCC', 'DC01', 'ST12'],
    makers: M.steel,
    price: [4100, 4700],
    weight: [8, 16],
    reel: 'coil',
  },
  plate: {
    name: '中厚板',
    unit: '吨',
    monad: '张',
    specs: ['12×2200×10000', '16×2500×12000', '20×2500×12000', '25×2500×12000', '30×2500×12000', '40×2500×10000'],
    textures: ['Q235B', 'Q355B', 'Q345R'],
    makers: M.steel,
    price: [3700, 4300],
    weight: [2.0, 9.5],
    reel: 'lot',
  },
  hBeam: {
    name: 'H型钢',
    unit: '吨',
    monad: '支',
    specs: ['200×200×8×12', '250×250×9×14', '300×300×10×15', '350×175×7×11', '400×200×8×13', '500×200×10×16'],
    textures: ['Q235B', 'Q355B'],
    makers: M.steel.slice(0, 4),
    price: [3600, 4100],
    weight: [0.6, 1.1],
    reel: 'lot',
  },
  pipe: {
    name: '无缝钢管',
    unit: '吨',
    monad: '支',
    specs: ['Φ89×6', 'Φ114×8', 'Φ159×10', 'Φ219×12', 'Φ273×14', 'Φ325×16'],
    textures: ['20#', '45#', 'Q355B'],
    makers: ['天津钢管制造有限公司', '衡阳华菱钢管有限公司', '包头钢铁（集团）有限责任公司', '宝山钢铁股份有限公司'],
    price: [4600, 5600],
    weight: [0.08, 0.75],
    reel: 'lot',
  },
  galvanized: {
    name: '镀锌板卷',
    unit: '吨',
    monad: '卷',
    specs: ['0.4×1000×C', '0.6×1000×C', '0.8×1250×C', '1.0×1250×C', '1.5×1250×C'],
    textures: ['DX51D+Z', 'SGCC'],
    makers: M.steel.slice(0, 5),
    price: [4500, 5200],
    weight: [5, 12],
    reel: 'coil',
  },
  stainless: {
    name: '不锈钢冷轧板卷',
    unit: '吨',
    monad: '卷',
    specs: ['0.5×1219×C', '1.0×1219×C', '1.5×1219×C', '2.0×1219×C', '3.0×1500×C'],
    textures: ['304', '316L', '201'],
    makers: ['太原钢铁（集团）有限公司', '青山控股集团有限公司', '甬金科技集团股份有限公司', '北海诚德镍业有限公司'],
    price: [9800, 16800],
    weight: [3, 8],
    reel: 'coil',
  },
  fineOre: {
    name: '铁矿粉',
    unit: '吨',
    monad: '批',
    specs: ['PB粉 Fe61.5%', '纽曼粉 Fe62.5%', '卡粉 Fe65%', '超特粉 Fe56.5%'],
    textures: ['粉矿'],
    makers: M.ore,
    price: [720, 920],
    weight: [5000, 60000],
    reel: 'none',
  },
  concentrate: {
    name: '铁精粉',
    unit: '吨',
    monad: '批',
    specs: ['Fe65% 干基', 'Fe66% 干基', 'Fe68% 干基'],
    textures: ['精矿'],
    makers: M.ore.slice(4).concat(['河北钢铁集团矿业有限公司', '本钢集团有限公司']),
    price: [850, 1050],
    weight: [2000, 20000],
    reel: 'none',
  },
  pellet: {
    name: '球团矿',
    unit: '吨',
    monad: '批',
    specs: ['Fe63% 酸性', 'Fe65% 碱性', 'Fe62% 氧化球团'],
    textures: ['球团'],
    makers: M.ore,
    price: [900, 1120],
    weight: [3000, 30000],
    reel: 'none',
  },
  lumpOre: {
    name: '块矿',
    unit: '吨',
    monad: '批',
    specs: ['纽曼块 Fe63%', 'PB块 Fe62%', '南非块 Fe64%'],
    textures: ['块矿'],
    makers: M.ore,
    price: [880, 1080],
    weight: [3000, 40000],
    reel: 'none',
  },
  pigIron: {
    name: '炼钢生铁',
    unit: '吨',
    monad: '批',
    specs: ['L04', 'L08', 'L10'],
    textures: ['Si≤1.25%'],
    makers: M.steel,
    price: [2650, 3000],
    weight: [500, 3000],
    reel: 'lot',
  },
  castIron: {
    name: '铸造生铁',
    unit: '吨',
    monad: '批',
    specs: ['Z14', 'Z18', 'Z22'],
    textures: ['Si1.4-1.8%'],
    makers: M.steel.slice(2),
    price: [2900, 3250],
    weight: [300, 2000],
    reel: 'lot',
  },
  ferrosilicon: {
    name: '硅铁',
    unit: '吨',
    monad: '吨袋',
    specs: ['FeSi75-B 10-50mm', 'FeSi72 10-60mm', 'FeSi65 10-50mm'],
    textures: ['自然块'],
    makers: M.alloy,
    price: [6100, 7000],
    weight: [1, 1],
    reel: 'lot',
  },
  siliconManganese: {
    name: '锰硅合金',
    unit: '吨',
    monad: '吨袋',
    specs: ['FeMn65Si17', 'FeMn68Si18', 'FeMn60Si14'],
    textures: ['自然块'],
    makers: M.alloy,
    price: [5900, 6600],
    weight: [1, 1],
    reel: 'lot',
  },
  grating: {
    name: '钢格板',
    unit: '件',
    monad: '块',
    specs: ['G255/30/100 1000×6000', 'G325/30/100 1000×5800', 'G303/30/50 990×6000', 'G405/40/100 1000×5000', 'G253/30/100 900×6000'],
    textures: ['Q235B 热镀锌', '304 不锈钢'],
    makers: ['宝钢金属有限公司', '天津友发钢管集团股份有限公司', '江苏沙钢集团有限公司'],
    price: [420, 1650],
    weight: [0.06, 0.21],
    reel: 'none',
  },
  coupler: {
    name: '脚手架扣件',
    unit: '件',
    monad: '套',
    specs: ['直角扣件 Φ48', '旋转扣件 Φ48', '对接扣件 Φ48', '顶托 T38×600'],
    textures: ['KTH330-08 可锻铸铁', 'Q235 冲压'],
    makers: ['天津友发钢管集团股份有限公司', '河北沧州铸造产业集团有限公司', '宝钢金属有限公司'],
    price: [5.2, 18.5],
    weight: [0.0011, 0.0035],
    reel: 'none',
  },
  wireRope: {
    name: '钢丝绳',
    unit: '件',
    monad: '卷',
    specs: ['6×19+FC Φ12mm 500m', '6×37+IWR Φ20mm 500m', '6×36WS+IWR Φ26mm 300m', '8×19S+FC Φ16mm 500m', '35W×7 Φ24mm 400m'],
    textures: ['光面', '镀锌'],
    makers: M.wire.slice(0, 3),
    price: [2800, 16500],
    weight: [0.27, 1.3],
    reel: 'coil',
  },
  copperCathode: {
    name: '电解铜',
    unit: '吨',
    monad: '捆',
    specs: ['A级 Cu≥99.9935%', '1号标准铜 Cu≥99.95%'],
    textures: ['Cu-CATH-1', 'Cu-CATH-2'],
    makers: M.copper,
    price: [72500, 78800],
    weight: [2.4, 2.6],
    reel: 'lot',
  },
  copperRod: {
    name: '铜杆',
    unit: '吨',
    monad: '卷',
    specs: ['Φ8mm', 'Φ12.5mm', 'Φ16mm'],
    textures: ['T1', 'TU1'],
    makers: M.copper.slice(0, 4),
    price: [73600, 79900],
    weight: [3.5, 5.0],
    reel: 'coil',
  },
  copperStrip: {
    name: '铜板带',
    unit: '吨',
    monad: '卷',
    specs: ['0.1×600×C', '0.2×600×C', '0.5×620×C', '1.0×640×C', '2.0×600×C'],
    textures: ['T2', 'H62', 'H65'],
    makers: ['宁波博威合金材料股份有限公司', '安徽楚江科技新材料股份有限公司', '中铝洛阳铜加工有限公司', '江西铜业股份有限公司'],
    price: [78000, 89000],
    weight: [1.0, 3.0],
    reel: 'coil',
  },
  aluminiumIngot: {
    name: '铝锭',
    unit: '吨',
    monad: '捆',
    specs: ['25kg/块 Al≥99.70%', '20kg/块 Al≥99.85%'],
    textures: ['Al99.70', 'Al99.85'],
    makers: M.aluminium,
    price: [19200, 21400],
    weight: [1.0, 1.1],
    reel: 'lot',
  },
  aluminiumBar: {
    name: '铝棒',
    unit: '吨',
    monad: '支',
    specs: ['Φ90×6000', 'Φ127×6000', 'Φ152×6000', 'Φ178×6000'],
    textures: ['6063', '6061'],
    makers: M.aluminium,
    price: [19800, 22600],
    weight: [0.1, 0.4],
    reel: 'lot',
  },
  aluminiumSheet: {
    name: '铝板带',
    unit: '吨',
    monad: '卷',
    specs: ['0.5×1220×C', '1.0×1220×C', '1.5×1500×C', '2.0×1500×C', '3.0×1500×C'],
    textures: ['1060-H24', '3003-H14', '5052-H32'],
    makers: M.aluminium.slice(1).concat(['江苏鼎胜新能源材料股份有限公司']),
    price: [22500, 26800],
    weight: [2.5, 6.0],
    reel: 'coil',
  },
  zincIngot: {
    name: '锌锭',
    unit: '吨',
    monad: '捆',
    specs: ['25kg/块 Zn≥99.995%', '0#锌 Zn≥99.995%'],
    textures: ['Zn99.995', 'Zn99.99'],
    makers: M.zinc,
    price: [22800, 25600],
    weight: [1.0, 1.05],
    reel: 'lot',
  },
  leadIngot: {
    name: '铅锭',
    unit: '吨',
    monad: '捆',
    specs: ['1#铅 Pb≥99.994%', '2#铅 Pb≥99.99%'],
    textures: ['Pb99.994'],
    makers: M.zinc,
    price: [16400, 17600],
    weight: [1.0, 1.1],
    reel: 'lot',
  },
  nickel: {
    name: '电解镍',
    unit: '吨',
    monad: '桶',
    specs: ['1#镍板 Ni≥99.96%', '镍豆 Ni≥99.8%'],
    textures: ['Ni9996'],
    makers: M.nickel.slice(0, 2).concat(['吉林吉恩镍业股份有限公司', '俄罗斯诺里尔斯克镍业']),
    price: [123000, 138000],
    weight: [0.8, 1.0],
    reel: 'lot',
  },
  tin: {
    name: '锡锭',
    unit: '吨',
    monad: '捆',
    specs: ['1#锡 Sn≥99.90%', '特级锡 Sn≥99.99%'],
    textures: ['Sn99.90'],
    makers: M.nickel.slice(2).concat(['江西新南山科技有限公司']),
    price: [238000, 262000],
    weight: [0.9, 1.0],
    reel: 'lot',
  },
  thermalCoal: {
    name: '动力煤',
    unit: '吨',
    monad: '车',
    specs: ['Q5500 S≤0.8%', 'Q5000 S≤1.0%', 'Q4500 S≤0.6%', 'Q5800 S≤0.6%'],
    textures: ['烟煤', '褐煤', '长焰煤'],
    makers: M.coal,
    price: [690, 920],
    weight: [32, 35],
    reel: 'none',
  },
  anthracite: {
    name: '无烟煤',
    unit: '吨',
    monad: '车',
    specs: ['洗中块 Q7000', '洗小块 Q6800', '末煤 Q6000'],
    textures: ['无烟煤'],
    makers: M.coal.slice(2, 5),
    price: [980, 1450],
    weight: [32, 35],
    reel: 'none',
  },
  lignite: {
    name: '褐煤',
    unit: '吨',
    monad: '车',
    specs: ['Q3500 全水≤35%', 'Q4000 全水≤30%'],
    textures: ['褐煤'],
    makers: ['内蒙古伊泰煤炭股份有限公司', '国家能源集团宝日希勒能源有限公司', '霍林河露天煤业股份有限公司'],
    price: [380, 520],
    weight: [32, 35],
    reel: 'none',
  },
  primeCokingCoal: {
    name: '主焦煤',
    unit: '吨',
    monad: '车',
    specs: ['A≤10% S≤0.8% G≥85', 'A≤10.5% S≤1.0% G≥80', 'A≤9.5% S≤0.6% G≥88'],
    textures: ['低硫主焦'],
    makers: M.cokingCoal,
    price: [1450, 1950],
    weight: [32, 35],
    reel: 'none',
  },
  fatCoal: {
    name: '肥煤',
    unit: '吨',
    monad: '车',
    specs: ['A≤10.5% S≤1.2% G≥90', 'A≤11% S≤1.5% G≥92'],
    textures: ['肥煤'],
    makers: M.cokingCoal,
    price: [1350, 1700],
    weight: [32, 35],
    reel: 'none',
  },
  metCoke: {
    name: '冶金焦',
    unit: '吨',
    monad: '车',
    specs: ['准一级 A≤13% CSR≥60', '一级 A≤12% CSR≥65', '二级 A≤13.5% CSR≥55'],
    textures: ['25-80mm', '>40mm'],
    makers: M.coke,
    price: [1650, 2150],
    weight: [30, 33],
    reel: 'none',
  },
  foundryCoke: {
    name: '铸造焦',
    unit: '吨',
    monad: '车',
    specs: ['特级 A≤8% 80-150mm', '一级 A≤10% 60-120mm'],
    textures: ['大块焦'],
    makers: M.coke.slice(0, 3),
    price: [2300, 2850],
    weight: [30, 33],
    reel: 'none',
  },
  cokeBreeze: {
    name: '焦粉',
    unit: '吨',
    monad: '车',
    specs: ['0-10mm A≤16%', '0-5mm A≤18%'],
    textures: ['焦粉'],
    makers: M.coke,
    price: [780, 1050],
    weight: [30, 33],
    reel: 'none',
  },
  corn: {
    name: '玉米',
    unit: '吨',
    monad: '包',
    specs: ['水分≤14% 容重≥685g/L', '水分≤14.5% 容重≥660g/L', '水分≤15% 容重≥630g/L'],
    textures: ['国标二等', '国标三等'],
    makers: M.grain,
    price: [2150, 2480],
    weight: [0.05, 0.05],
    reel: 'lot',
  },
  wheat: {
    name: '小麦',
    unit: '吨',
    monad: '包',
    specs: ['容重≥770g/L 水分≤12.5%', '容重≥750g/L 水分≤13%', '强筋 湿面筋≥32%'],
    textures: ['国标二等', '国标三等'],
    makers: M.grain,
    price: [2380, 2720],
    weight: [0.05, 0.05],
    reel: 'lot',
  },
  paddy: {
    name: '稻谷',
    unit: '吨',
    monad: '包',
    specs: ['粳稻 出糙率≥79%', '籼稻 出糙率≥77%', '中晚籼 整精米≥50%'],
    textures: ['国标二等', '国标三等'],
    makers: M.grain.slice(0, 3),
    price: [2600, 3050],
    weight: [0.05, 0.05],
    reel: 'lot',
  },
  soybean: {
    name: '大豆',
    unit: '吨',
    monad: '包',
    specs: ['进口 巴西 蛋白≥35%', '进口 美湾 蛋白≥34%', '国产 东北 蛋白≥38%'],
    textures: ['转基因', '非转基因'],
    makers: M.grain,
    price: [3800, 4650],
    weight: [0.05, 0.05],
    reel: 'lot',
  },
  soybeanMeal: {
    name: '豆粕',
    unit: '吨',
    monad: '包',
    specs: ['蛋白≥43%', '蛋白≥46%', '蛋白≥48% 去皮'],
    textures: ['饲料级'],
    makers: M.grain.slice(2),
    price: [3050, 3650],
    weight: [0.07, 0.07],
    reel: 'lot',
  },
  rapeseedMeal: {
    name: '菜籽粕',
    unit: '吨',
    monad: '包',
    specs: ['蛋白≥36%', '蛋白≥38%'],
    textures: ['饲料级'],
    makers: M.grain.slice(2),
    price: [2300, 2750],
    weight: [0.06, 0.06],
    reel: 'lot',
  },
  pp: {
    name: '聚丙烯 PP',
    unit: '吨',
    monad: '袋',
    specs: ['拉丝 T30S', '共聚 K8003', '纤维 Y381H', '薄壁注塑 M60T'],
    textures: ['优等品'],
    makers: M.polymer,
    price: [7100, 7900],
    weight: [0.025, 0.025],
    reel: 'lot',
  },
  pe: {
    name: '聚乙烯 PE',
    unit: '吨',
    monad: '袋',
    specs: ['LLDPE 7042', 'HDPE 5000S', 'LDPE 2426H', 'HDPE 2911'],
    textures: ['优等品'],
    makers: M.polymer,
    price: [7600, 8700],
    weight: [0.025, 0.025],
    reel: 'lot',
  },
  pvc: {
    name: '聚氯乙烯 PVC',
    unit: '吨',
    monad: '袋',
    specs: ['SG-5 电石法', 'SG-3 电石法', 'SG-5 乙烯法'],
    textures: ['一等品'],
    makers: M.pvc,
    price: [4900, 5800],
    weight: [0.025, 0.025],
    reel: 'lot',
  },
  methanol: {
    name: '甲醇',
    unit: '吨',
    monad: '槽车',
    specs: ['≥99.85% 国标优等品', '≥99.5% 工业级'],
    textures: ['优等品', '一等品'],
    makers: M.methanol,
    price: [2250, 2650],
    weight: [30, 33],
    reel: 'none',
  },
  pta: {
    name: 'PTA 精对苯二甲酸',
    unit: '吨',
    monad: '吨袋',
    specs: ['≥99.9% 纤维级'],
    textures: ['优等品'],
    makers: M.polyester,
    price: [4800, 5600],
    weight: [1.0, 1.0],
    reel: 'lot',
  },
  meg: {
    name: '乙二醇',
    unit: '吨',
    monad: '桶',
    specs: ['≥99.9% 聚酯级'],
    textures: ['优等品'],
    makers: ['中国石化上海石油化工股份有限公司', '恒力石化股份有限公司', '浙江石油化工有限公司', '新疆天业股份有限公司'],
    price: [4200, 4800],
    weight: [0.23, 0.23],
    reel: 'lot',
  },
  urea: {
    name: '尿素',
    unit: '吨',
    monad: '袋',
    specs: ['大颗粒 N≥46.4%', '小颗粒 N≥46.0%', '车用级 32.5%'],
    textures: ['农业用', '工业用'],
    makers: M.urea,
    price: [1850, 2400],
    weight: [0.05, 0.05],
    reel: 'lot',
  },
  diesel: {
    name: '柴油',
    unit: '吨',
    monad: '槽车',
    specs: ['0# 国VI', '-10# 国VI', '-20# 国VI'],
    textures: ['车用'],
    makers: M.oil,
    price: [7300, 8100],
    weight: [28, 32],
    reel: 'none',
  },
  fuelOil: {
    name: '燃料油',
    unit: '吨',
    monad: '槽车',
    specs: ['180CST', '380CST', '低硫 0.5%S'],
    textures: ['船用'],
    makers: M.oil,
    price: [4100, 5200],
    weight: [28, 32],
    reel: 'none',
  },
  manganeseOre: {
    name: '锰矿石',
    unit: '吨',
    monad: '批',
    specs: ['南非半碳酸 Mn36.5%', '加蓬块 Mn44.5%', '澳块 Mn44%'],
    textures: ['块矿'],
    makers: ['South32', 'Eramet 埃赫曼', 'Assmang 公司'],
    price: [32, 45],
    weight: [5000, 30000],
    reel: 'none',
  },
  pallet: {
    name: '塑料托盘',
    unit: '件',
    monad: '个',
    specs: ['1200×1000×150 川字', '1200×1000×150 田字', '1100×1100×150 九脚'],
    textures: ['HDPE'],
    makers: M.packaging,
    price: [160, 320],
    weight: [0.018, 0.025],
    reel: 'none',
  },
  stretchFilm: {
    name: '缠绕膜',
    unit: '件',
    monad: '卷',
    specs: ['50cm×25μm', '50cm×20μm', '100cm×23μm'],
    textures: ['LLDPE'],
    makers: M.packaging,
    price: [45, 98],
    weight: [0.004, 0.012],
    reel: 'none',
  },
  steelStrap: {
    name: '打包钢带',
    unit: '吨',
    monad: '卷',
    specs: ['32×0.9mm', '19×0.5mm', '16×0.6mm'],
    textures: ['65Mn 发蓝'],
    makers: M.packaging.slice(0, 2),
    price: [6200, 7200],
    weight: [0.04, 0.06],
    reel: 'coil',
  },
} satisfies Record<string, Product>;
const P = PRODUCTS;

/** Product families of the benchmark catalogue (seed-scale.ts): one second-level category each. */
export const PRODUCT_FAMILIES: { name: string; products: Product[] }[] = [
  { name: '钢材', products: [P.rebar, P.wireRod, P.hotCoil, P.coldCoil, P.plate, P.hBeam, P.pipe, P.galvanized, P.stainless] },
  {
    name: '铁矿及铁合金',
    products: [P.fineOre, P.concentrate, P.pellet, P.lumpOre, P.pigIron, P.castIron, P.ferrosilicon, P.siliconManganese, P.manganeseOre],
  },
  {
    name: '有色金属',
    products: [
      P.copperCathode,
      P.copperRod,
      P.copperStrip,
      P.aluminiumIngot,
      P.aluminiumBar,
      P.aluminiumSheet,
      P.zincIngot,
      P.leadIngot,
      P.nickel,
      P.tin,
    ],
  },
  {
    name: '煤炭焦炭',
    products: [P.thermalCoal, P.anthracite, P.lignite, P.primeCokingCoal, P.fatCoal, P.metCoke, P.foundryCoke, P.cokeBreeze],
  },
  { name: '粮油农产品', products: [P.corn, P.wheat, P.paddy, P.soybean, P.soybeanMeal, P.rapeseedMeal] },
  { name: '化工及油品', products: [P.pp, P.pe, P.pvc, P.methanol, P.pta, P.meg, P.urea, P.diesel, P.fuelOil] },
  { name: '钢材制品及包装', products: [P.grating, P.coupler, P.wireRope, P.steelStrap, P.pallet, P.stretchFilm] },
];

const leaf = (product: Product, count: number, name = product.name): CategoryNode => ({ name, product, count });

const TREE_A: CategoryNode[] = [
  {
    name: '黑色金属',
    children: [
      {
        name: '钢材',
        children: [
          leaf(P.rebar, 30),
          leaf(P.wireRod, 12),
          leaf(P.hotCoil, 30),
          leaf(P.coldCoil, 22),
          leaf(P.plate, 24),
          leaf(P.hBeam, 18),
          leaf(P.pipe, 18),
          leaf(P.galvanized, 16),
          leaf(P.stainless, 18),
        ],
      },
      { name: '铁矿石', children: [leaf(P.fineOre, 12), leaf(P.concentrate, 8), leaf(P.pellet, 8), leaf(P.lumpOre, 8)] },
      { name: '生铁及铁合金', children: [leaf(P.pigIron, 10), leaf(P.castIron, 8), leaf(P.ferrosilicon, 8), leaf(P.siliconManganese, 8)] },
      { name: '钢材制品', children: [leaf(P.grating, 12), leaf(P.coupler, 10), leaf(P.wireRope, 12)] },
    ],
  },
  {
    name: '有色金属',
    children: [
      { name: '铜', children: [leaf(P.copperCathode, 12), leaf(P.copperRod, 12), leaf(P.copperStrip, 16)] },
      { name: '铝', children: [leaf(P.aluminiumIngot, 12), leaf(P.aluminiumBar, 14), leaf(P.aluminiumSheet, 16)] },
      { name: '锌铅', children: [leaf(P.zincIngot, 8), leaf(P.leadIngot, 6)] },
      { name: '镍锡', children: [leaf(P.nickel, 6), leaf(P.tin, 5)] },
    ],
  },
  {
    name: '煤炭焦炭',
    children: [
      { name: '动力煤', children: [leaf(P.thermalCoal, 16), leaf(P.anthracite, 6)] },
      { name: '炼焦煤', children: [leaf(P.primeCokingCoal, 8), leaf(P.fatCoal, 6)] },
      { name: '焦炭', children: [leaf(P.metCoke, 10), leaf(P.foundryCoke, 5)] },
    ],
  },
  {
    name: '粮油农产品',
    children: [
      { name: '谷物', children: [leaf(P.corn, 10), leaf(P.wheat, 10), leaf(P.paddy, 8)] },
      { name: '油料及饲料', children: [leaf(P.soybean, 8), leaf(P.soybeanMeal, 8), leaf(P.rapeseedMeal, 5)] },
    ],
  },
  {
    name: '化工产品',
    children: [
      { name: '塑料', children: [leaf(P.pp, 14), leaf(P.pe, 14), leaf(P.pvc, 10)] },
      { name: '基础化工', children: [leaf(P.methanol, 8), leaf(P.pta, 4), leaf(P.meg, 4), leaf(P.urea, 10)] },
    ],
  },
];

const TREE_B: CategoryNode[] = [
  {
    name: '能源产品',
    children: [
      { name: '煤炭', children: [leaf(P.thermalCoal, 16), leaf(P.anthracite, 9), leaf(P.lignite, 6)] },
      { name: '焦煤焦炭', children: [leaf(P.primeCokingCoal, 9), leaf(P.metCoke, 12), leaf(P.cokeBreeze, 6)] },
      { name: '成品油', children: [leaf(P.diesel, 6), leaf(P.fuelOil, 6)] },
    ],
  },
  {
    name: '矿产品',
    children: [
      { name: '铁矿', children: [leaf(P.fineOre, 12), leaf(P.pellet, 8)] },
      { name: '锰矿', children: [leaf(P.manganeseOre, 6)] },
    ],
  },
  {
    name: '钢铁',
    children: [
      { name: '建筑钢材', children: [leaf(P.rebar, 14), leaf(P.wireRod, 8)] },
      { name: '板材', children: [leaf(P.hotCoil, 12)] },
    ],
  },
];

const TREE_C: CategoryNode[] = [
  {
    name: '仓储物资',
    children: [
      { name: '包装材料', children: [leaf(P.pallet, 3), leaf(P.stretchFilm, 3), leaf(P.steelStrap, 3)] },
      { name: '代储货物', children: [leaf(P.rebar, 6), leaf(P.aluminiumIngot, 4)] },
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// Enterprise profiles

type Court = { name: string; code: string; authority: string };

const COURTS: Court[] = [
  { name: '上海市宝山区人民法院', code: '沪0113', authority: '上海市宝山区市场监督管理局' },
  { name: '上海市浦东新区人民法院', code: '沪0115', authority: '上海市浦东新区市场监督管理局' },
  { name: '江苏省张家港市人民法院', code: '苏0582', authority: '张家港市市场监督管理局' },
  { name: '浙江省宁波市北仑区人民法院', code: '浙0206', authority: '宁波市北仑区市场监督管理局' },
  { name: '天津市滨海新区人民法院', code: '津0116', authority: '天津市滨海新区市场监督管理局' },
  { name: '河北省唐山市曹妃甸区人民法院', code: '冀0209', authority: '唐山市曹妃甸区市场监督管理局' },
  { name: '山西省太原市小店区人民法院', code: '晋0105', authority: '太原市小店区市场监督管理局' },
];

const BANKS = [
  '中国工商银行股份有限公司上海宝山支行',
  '中国建设银行股份有限公司上海浦东分行',
  '交通银行股份有限公司江苏省分行',
  '上海浦东发展银行股份有限公司宁波分行',
  '招商银行股份有限公司天津分行',
  '兴业银行股份有限公司唐山分行',
];

export type Address = { contacts: string; phone: string; codes: [string, string, string]; names: [string, string, string]; detail: string };

type Person = { userId: string; name: string };

export type Profile = {
  id: 'ent-a' | 'ent-b' | 'ent-c';
  letter: string;
  name: string;
  /** Paper contract number prefix. */
  paperPrefix: string;
  tree: CategoryNode[];
  customers: string[];
  suppliers: string[];
  logistics: string[];
  supervisors: string[];
  assayers: string[];
  guarantors: string[];
  others: string[];
  addresses: Address[];
  counts: {
    sales: number;
    purchase: number;
    projects: number;
    contracts: Partial<Record<ContractTypeSuffix, number>>;
    loans: number;
    notices: number;
    instructions: number;
  };
  warehouses: { name: string; share: number; supervisor: { id: string | null; name: string; share: number } }[];
  staff: { userId: string | null; name: string };
  /** Who turns notices and instructions into orders; without one every document stays is_create 0. */
  warehouseOperator: { userId: string; name: string } | null;
  /** Demo users handling each approval step: four different people, none of them the staff member who submits. */
  approvers: { business: Person; risk: Person; finance: Person; manager: Person } | null;
  riskTypes: RiskType[];
  warnings: { userId: string; count: number; read: number }[];
};

const ENT = Object.fromEntries(DEMO_ENTERPRISES.map((e) => [e.id, e.name])) as Record<string, string>;

export const PROFILES: Profile[] = [
  {
    id: 'ent-a',
    letter: 'A',
    name: ENT['ent-a']!,
    paperPrefix: 'HDJM',
    tree: TREE_A,
    customers: [
      '江苏恒泰建设工程有限公司',
      '上海浦联物资贸易有限公司',
      '浙江甬达汽车部件有限公司',
      '苏州瑞丰机械制造有限公司',
      '南通海联船舶重工有限公司',
      '安徽皖江钢结构工程有限公司',
      '杭州东晟新材料有限公司',
      '常州金源电缆有限公司',
    ],
    suppliers: [
      '河北冀中钢铁贸易有限公司',
      '江西赣铜金属材料有限公司',
      '山西晋煤能源贸易有限公司',
      '天津港联矿产品贸易有限公司',
      '山东鲁北化工贸易有限公司',
      '黑龙江北粮农产品有限公司',
      '广西桂铝金属有限公司',
    ],
    logistics: ['上海远航物流有限公司', '中储仓储物流有限公司', '江苏长江水运有限公司'],
    supervisors: ['中储仓储物流有限公司', '上海外联仓储监管有限公司'],
    assayers: ['上海中检商品检验有限公司', '天津通标检测技术有限公司'],
    guarantors: ['上海浦信融资担保有限公司', '江苏信合融资担保有限公司'],
    others: ['上海金链供应链管理有限公司', '中储仓储物流有限公司'],
    addresses: [
      {
        contacts: '刘强',
        phone: '13916620381',
        codes: ['310000', '310100', '310113'],
        names: ['上海市', '市辖区', '宝山区'],
        detail: '长江西路2188号 宝山监管仓收货处',
      },
      {
        contacts: '孙悦',
        phone: '13761820457',
        codes: ['310000', '310100', '310115'],
        names: ['上海市', '市辖区', '浦东新区'],
        detail: '张杨路500号 时代广场18楼',
      },
      {
        contacts: '黄志军',
        phone: '13962451290',
        codes: ['320000', '320500', '320582'],
        names: ['江苏省', '苏州市', '张家港市'],
        detail: '锦丰镇沙钢大道1号 物流园3号门',
      },
      {
        contacts: '徐建平',
        phone: '13805742266',
        codes: ['330000', '330200', '330206'],
        names: ['浙江省', '宁波市', '北仑区'],
        detail: '新碶街道明州路88号 北仑港务物流中心',
      },
      {
        contacts: '朱晓东',
        phone: '13962871504',
        codes: ['320000', '320600', '320681'],
        names: ['江苏省', '南通市', '启东市'],
        detail: '吕四港经济开发区海港路6号',
      },
      {
        contacts: '胡斌',
        phone: '13505551873',
        codes: ['340000', '340500', '340504'],
        names: ['安徽省', '马鞍山市', '雨山区'],
        detail: '九华西路8号 钢材物流园B区',
      },
      {
        contacts: '林海燕',
        phone: '13820193377',
        codes: ['120000', '120100', '120116'],
        names: ['天津市', '市辖区', '滨海新区'],
        detail: '港城大道66号 天津港保税监管仓',
      },
      {
        contacts: '郭鹏',
        phone: '13915290836',
        codes: ['320000', '320200', '320281'],
        names: ['江苏省', '无锡市', '江阴市'],
        detail: '滨江西路1号 江阴港集装箱码头',
      },
    ],
    counts: {
      sales: 40,
      purchase: 36,
      projects: 20,
      contracts: { CGHT: 8, XSHT: 8, WLHT: 4, JGHT: 4, HYHT: 3, DBHT: 3, QTHT: 3, XSDD: 5, CGDD: 5 },
      loans: 16,
      notices: 36,
      instructions: 30,
    },
    warehouses: [
      { name: '上海宝山监管仓', share: 0.82, supervisor: { id: 'demo-supervisor', name: '陈静', share: 0.88 } },
      { name: '天津港保税监管仓', share: 0.18, supervisor: { id: null, name: '刘海涛', share: 1 } },
    ],
    staff: { userId: 'demo-a-staff', name: '张伟' },
    warehouseOperator: { userId: 'demo-warehouse-operator', name: '赵磊' },
    approvers: {
      business: { userId: 'demo-a-approver', name: '周敏' },
      risk: { userId: 'demo-a-risk', name: '吴昊' },
      finance: { userId: 'demo-a-finance', name: '郑丽' },
      manager: { userId: 'demo-admin', name: '系统管理员' },
    },
    riskTypes: [17, 18, 19, 20, 21, 22, 23, 24, 25, 27, 28, 29, 30],
    warnings: [
      { userId: 'demo-a-staff', count: 16, read: 6 },
      { userId: 'demo-admin', count: 8, read: 2 },
      { userId: 'demo-supervisor', count: 6, read: 1 },
      { userId: 'demo-warehouse-operator', count: 5, read: 1 },
    ],
  },
  {
    id: 'ent-b',
    letter: 'B',
    name: ENT['ent-b']!,
    paperPrefix: 'BFNY',
    tree: TREE_B,
    customers: [
      '天津滨港建设工程有限公司',
      '唐山丰润钢结构有限公司',
      '北京京诚建筑工程有限公司',
      '山东鲁钢物资有限公司',
      '河北迁安热电有限公司',
    ],
    suppliers: ['内蒙古蒙通煤业有限公司', '鄂尔多斯伊金煤炭运销有限公司', '山西晋煤能源贸易有限公司', '天津港联矿产品贸易有限公司'],
    logistics: ['唐山港顺物流有限公司', '大秦铁路货运代理有限公司'],
    supervisors: ['中储仓储物流有限公司'],
    assayers: ['秦皇岛中检商品检验有限公司'],
    guarantors: ['北京中关融资担保有限公司'],
    others: ['北京金链供应链管理有限公司'],
    addresses: [
      {
        contacts: '杜明',
        phone: '13911082736',
        codes: ['110000', '110100', '110105'],
        names: ['北京市', '市辖区', '朝阳区'],
        detail: '建国路93号 万达广场8号楼1206室',
      },
      {
        contacts: '赵建华',
        phone: '13831596620',
        codes: ['130000', '130200', '130209'],
        names: ['河北省', '唐山市', '曹妃甸区'],
        detail: '港兴大街9号 曹妃甸监管仓',
      },
      {
        contacts: '梁晓峰',
        phone: '13834125587',
        codes: ['140000', '140100', '140105'],
        names: ['山西省', '太原市', '小店区'],
        detail: '长风街 山西煤炭交易中心A座',
      },
      {
        contacts: '王海军',
        phone: '13947713048',
        codes: ['150000', '150600', '150602'],
        names: ['内蒙古自治区', '鄂尔多斯市', '东胜区'],
        detail: '铁西区 伊金霍洛西街 煤炭物流园',
      },
      {
        contacts: '崔立',
        phone: '13842690154',
        codes: ['210000', '210200', '210211'],
        names: ['辽宁省', '大连市', '甘井子区'],
        detail: '大连湾街道 港湾物流园12号库',
      },
    ],
    counts: {
      sales: 14,
      purchase: 12,
      projects: 6,
      contracts: { CGHT: 3, XSHT: 3, WLHT: 2, JGHT: 2, HYHT: 1, DBHT: 1, QTHT: 1, XSDD: 2, CGDD: 2 },
      loans: 6,
      notices: 10,
      instructions: 8,
    },
    warehouses: [{ name: '唐山曹妃甸监管仓', share: 1, supervisor: { id: null, name: '孙立新', share: 1 } }],
    staff: { userId: 'demo-b-staff', name: '李娜' },
    warehouseOperator: { userId: 'demo-b-staff', name: '李娜' },
    approvers: {
      business: { userId: 'demo-b-approver', name: '马骏' },
      risk: { userId: 'demo-b-risk', name: '何琳' },
      finance: { userId: 'demo-b-finance', name: '宋涛' },
      manager: { userId: 'demo-b-manager', name: '高志远' },
    },
    riskTypes: [17, 20, 23, 24, 25, 28, 29],
    warnings: [{ userId: 'demo-b-staff', count: 10, read: 3 }],
  },
  {
    id: 'ent-c',
    letter: 'C',
    name: ENT['ent-c']!,
    paperPrefix: 'ZCWL',
    tree: TREE_C,
    customers: ['华东金属贸易有限公司', '武汉江岸物资有限公司'],
    suppliers: ['湖北鄂钢物资有限公司', '武汉包装材料有限公司'],
    logistics: ['武汉长江航运有限公司'],
    supervisors: ['华东金属贸易有限公司'],
    assayers: ['武汉中检商品检验有限公司'],
    guarantors: ['湖北中信融资担保有限公司'],
    others: ['武汉阳逻港务有限公司'],
    addresses: [
      {
        contacts: '彭磊',
        phone: '13971320458',
        codes: ['420000', '420100', '420117'],
        names: ['湖北省', '武汉市', '新洲区'],
        detail: '阳逻港大道1号 阳逻中转仓',
      },
      {
        contacts: '谢芳',
        phone: '13986075213',
        codes: ['420000', '420100', '420112'],
        names: ['湖北省', '武汉市', '东西湖区'],
        detail: '金银湖路18号 东西湖物流园',
      },
    ],
    counts: {
      sales: 3,
      purchase: 3,
      projects: 2,
      contracts: { CGHT: 1, XSHT: 1, WLHT: 2, JGHT: 2 },
      loans: 0,
      notices: 3,
      instructions: 2,
    },
    warehouses: [{ name: '武汉阳逻中转仓', share: 1, supervisor: { id: null, name: '彭磊', share: 1 } }],
    staff: { userId: null, name: '彭磊' },
    warehouseOperator: null,
    approvers: null,
    riskTypes: [20, 27, 28],
    warnings: [],
  },
];

// ---------------------------------------------------------------------------------------------
// Seeding

type GoodsRow = { id: number; name: string; spec: string; unit: string; price: number; weight: number; reel: ReelStyle; group: number };
type Line = { goods: GoodsRow; quantity: number; price: number };
type ContractRow = {
  id: number;
  code: string;
  paper: string;
  type: ContractTypeSuffix;
  counterparty: string;
  money: number;
  date: Date;
  lines: Line[];
};
type LoanRow = { id: number; code: string; date: Date; contract: ContractRow };

export async function seedBusiness(trx: Transaction<DB>): Promise<void> {
  const warehouses = await trx.selectFrom('warehouses').select(['id', 'name', 'enterprise_id']).execute();
  for (const profile of PROFILES) {
    await seedEnterprise(trx, profile, new Map(warehouses.filter((w) => w.enterprise_id === profile.id).map((w) => [w.name, w.id])));
  }
}

async function seedEnterprise(trx: Transaction<DB>, p: Profile, warehouseIds: Map<string, number>): Promise<void> {
  const rng = new Rng(`tfb-demo:${p.id}`);
  const numbers = new SeedNumbers(p.id);
  const goods = await seedGoods(trx, p, rng, numbers);
  const groups = [...new Set(goods.map((g) => g.group))];
  const by = p.staff.userId;

  /** 1..max lines of goods of one family (second-level category), as orders and contracts are in practice. */
  const pickLines = (min: number, max: number, family?: number): Line[] => {
    const group = family ?? rng.pick(groups);
    const pool = goods.filter((g) => g.group === group);
    return rng.sample(pool, rng.int(min, max)).map((g) => {
      // A line is worth roughly 0.5–20 million yuan (bulk goods) or 0.05–2 million (goods sold by the piece).
      const step = g.price > 50000 ? 0.5 : 5;
      const quantity =
        g.unit === '吨'
          ? Math.max(step, round(rng.real(500_000, 20_000_000) / g.price, step))
          : Math.max(10, Math.round(rng.real(50_000, 2_000_000) / g.price));
      return { goods: g, quantity: qty3(Math.max(quantity, 1)), price: money(g.price * rng.real(0.97, 1.04)) };
    });
  };
  const total = (lines: Line[]) => money(lines.reduce((s, l) => s + l.quantity * l.price, 0));
  // Business statuses are draft and submitted (a submitted record is read-only).
  const submittedMostly = () => (rng.chance(0.2) ? 'draft' : 'submitted');

  // Addresses: exactly one default per enterprise.
  const addressIds: number[] = [];
  for (const [i, a] of p.addresses.entries()) {
    const created = daysAgo(rng.int(40, 400));
    const row = await trx
      .insertInto('delivery_addresses')
      .values({
        enterprise_id: p.id,
        contacts: a.contacts,
        contacts_phone: a.phone,
        address_code: a.codes.join(','),
        province: a.names[0],
        city: a.names[1],
        area: a.names[2],
        detailed_address: a.detail,
        is_default: i === 0 ? 1 : 0,
        is_delete: 0,
        create_user_id: by,
        create_user_name: p.staff.name,
        change_user_id: by,
        change_user_name: p.staff.name,
        create_time: iso(created),
        update_time: iso(addDays(created, rng.int(0, 30))),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    addressIds.push(row.id);
  }

  // Sales and purchase orders with goods lines.
  type OrderRow = { id: number; code: string; counterparty: string; money: number; date: Date; lines: Line[] };
  const salesOrders: OrderRow[] = [];
  const purchaseOrders: OrderRow[] = [];
  for (let i = 0; i < p.counts.sales; i++) {
    const date = daysAgo(Math.round(((p.counts.sales - i) / p.counts.sales) * 360) + rng.int(0, 6));
    const lines = pickLines(1, 5);
    const row = await trx
      .insertInto('sales_orders')
      .values({
        enterprise_id: p.id,
        order_code: numbers.next(NUMBER_KEYS.salesOrder, date),
        enterprise_name: rng.pick(p.customers),
        money_demand: rng.chance(0.4) ? 1 : 0,
        sales_date: rng.pick([15, 30, 30, 45, 60, 90]),
        money: total(lines),
        status: submittedMostly(),
        created_by: by,
        updated_by: by,
        created_at: iso(date),
        updated_at: iso(addDays(date, rng.int(0, 5))),
      })
      .returning(['id', 'order_code', 'enterprise_name', 'money'])
      .executeTakeFirstOrThrow();
    salesOrders.push({ id: row.id, code: row.order_code, counterparty: row.enterprise_name, money: row.money, date, lines });
  }
  for (let i = 0; i < p.counts.purchase; i++) {
    const date = daysAgo(Math.round(((p.counts.purchase - i) / p.counts.purchase) * 360) + rng.int(0, 6));
    const lines = pickLines(1, 5);
    const row = await trx
      .insertInto('purchase_orders')
      .values({
        enterprise_id: p.id,
        purchase_order_code: numbers.next(NUMBER_KEYS.purchaseOrder, date),
        supplier_name: rng.pick(p.suppliers),
        is_precondition: rng.chance(0.35) ? 1 : 0,
        purchase_date: rng.pick([7, 15, 30, 30, 45, 60]),
        money: total(lines),
        status: submittedMostly(),
        created_by: by,
        updated_by: by,
        created_at: iso(date),
        updated_at: iso(addDays(date, rng.int(0, 5))),
      })
      .returning(['id', 'purchase_order_code', 'supplier_name', 'money'])
      .executeTakeFirstOrThrow();
    purchaseOrders.push({ id: row.id, code: row.purchase_order_code, counterparty: row.supplier_name, money: row.money, date, lines });
  }
  const orderLines: Insertable<DB['order_goods']>[] = [
    ...salesOrders.flatMap((o) => o.lines.map((l) => orderLine(p.id, l, { sales_order_id: o.id, purchase_order_id: null }))),
    ...purchaseOrders.flatMap((o) => o.lines.map((l) => orderLine(p.id, l, { sales_order_id: null, purchase_order_id: o.id }))),
  ];
  for (const batch of chunks(orderLines)) await trx.insertInto('order_goods').values(batch).execute();

  // Projects of both sides: 1 = purchase side (we buy), 2 = sales side (we sell).
  const projects: { id: number; type: 1 | 2 }[] = [];
  for (let i = 0; i < p.counts.projects; i++) {
    const type: 1 | 2 = i % 2 === 0 ? 1 : 2;
    const date = daysAgo(rng.int(20, 380));
    const product = rng.pick(goods).name;
    const row = await trx
      .insertInto('projects')
      .values({
        enterprise_id: p.id,
        project_code: numbers.next(NUMBER_KEYS.project, date),
        project_name: `${date.getUTCFullYear()}年${product}${type === 1 ? '集中采购' : '分销供应'}项目`,
        type,
        enterprise_name: type === 1 ? p.name : rng.pick(p.customers),
        supplier_name: type === 1 ? rng.pick(p.suppliers) : p.name,
        project_take_effect_time: ymd(addDays(date, rng.int(1, 15))),
        status: submittedMostly(),
        created_by: by,
        updated_by: by,
        created_at: iso(date),
        updated_at: iso(date),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    projects.push({ id: row.id, type });
  }

  // Contracts of every type with goods lines, linked to projects, orders and addresses.
  const contracts: ContractRow[] = [];
  let contractSeq = 0;
  let salesCursor = 0;
  let purchaseCursor = 0;
  // Contracts come from orders all over the year, not only the oldest ones.
  const salesPool = rng.shuffle(salesOrders);
  const purchasePool = rng.shuffle(purchaseOrders);
  const contractLines: Insertable<DB['contract_goods']>[] = [];
  for (const [suffix, count] of Object.entries(p.counts.contracts) as [ContractTypeSuffix, number][]) {
    for (let i = 0; i < count; i++) {
      contractSeq++;
      let counterparty: string;
      let lines: Line[];
      let salesOrderId: number | null = null;
      let purchaseOrderId: number | null = null;
      let projectType: 1 | 2 | null = null;
      let name: string;
      let date = daysAgo(rng.int(10, 360));
      if (suffix === 'CGHT' || suffix === 'CGDD') {
        const order = purchasePool[purchaseCursor++ % purchasePool.length]!;
        counterparty = order.counterparty;
        lines = order.lines;
        purchaseOrderId = order.id;
        date = addDays(order.date, rng.int(0, 3));
        projectType = suffix === 'CGHT' ? 1 : null;
        name = `${lines[0]!.goods.name}${CONTRACT_TYPE_NAMES[suffix]}`;
      } else if (suffix === 'XSHT' || suffix === 'XSDD') {
        const order = salesPool[salesCursor++ % salesPool.length]!;
        counterparty = order.counterparty;
        lines = order.lines;
        salesOrderId = order.id;
        date = addDays(order.date, rng.int(0, 3));
        projectType = suffix === 'XSHT' ? 2 : null;
        name = `${lines[0]!.goods.name}${CONTRACT_TYPE_NAMES[suffix]}`;
      } else if (suffix === 'WLHT') {
        counterparty = rng.pick(p.logistics);
        lines = pickLines(1, 4).map((l) => ({ ...l, price: money(rng.real(35, 95)) }));
        name = `${lines[0]!.goods.name}${rng.pick(['公路运输', '铁路运输', '水路运输'])}合同`;
      } else if (suffix === 'JGHT') {
        counterparty = rng.pick(p.supervisors);
        lines = pickLines(2, 5).map((l) => ({ ...l, price: money(rng.real(3, 9)) }));
        name = `${rng.pick([...warehouseIds.keys()])}货物监管合同`;
      } else if (suffix === 'HYHT') {
        counterparty = rng.pick(p.assayers);
        lines = pickLines(1, 3).map((l) => ({ ...l, quantity: rng.int(2, 20), price: money(rng.real(800, 2600)) }));
        name = `${lines[0]!.goods.name}质量检验委托合同`;
      } else if (suffix === 'DBHT') {
        counterparty = rng.pick(p.guarantors);
        lines = pickLines(1, 3);
        name = '最高额保证担保合同';
      } else {
        counterparty = rng.pick(p.others);
        lines = pickLines(1, 3);
        name = rng.pick(['仓单质押三方合作协议', '供应链服务框架协议', '货权转移确认协议']);
      }
      const project = projectType
        ? rng.pick(projects.filter((x) => x.type === projectType))
        : rng.chance(0.4)
          ? rng.pick(projects)
          : undefined;
      const code = numbers.next(suffix, date);
      const row = await trx
        .insertInto('contracts')
        .values({
          enterprise_id: p.id,
          code,
          contract_relevance_code: `${p.paperPrefix}-${suffix.slice(0, 2)}-${date.getUTCFullYear()}-${pad(contractSeq, 4)}`,
          contract_type: `${CONTRACT_TYPE_PREFIX}${suffix}`,
          contract_name: name,
          enterprise_name: counterparty,
          money: total(lines),
          sign_type: rng.chance(0.2) ? 1 : 0,
          project_id: project?.id ?? null,
          sales_order_id: salesOrderId,
          purchase_order_id: purchaseOrderId,
          delivery_address_id: salesOrderId !== null ? rng.pick(addressIds) : null,
          sign_date: ymd(date),
          status: submittedMostly(),
          created_by: by,
          updated_by: by,
          created_at: iso(addDays(date, -rng.int(1, 4))),
          updated_at: iso(date),
        })
        .returning(['id', 'code', 'contract_relevance_code', 'money'])
        .executeTakeFirstOrThrow();
      contracts.push({
        id: row.id,
        code: row.code,
        paper: row.contract_relevance_code,
        type: suffix,
        counterparty,
        money: row.money,
        date,
        lines,
      });
      for (const l of lines) {
        contractLines.push({
          enterprise_id: p.id,
          contract_id: row.id,
          goods_id: l.goods.id,
          goods_name: l.goods.name,
          specification_models: l.goods.spec,
          unit: suffix === 'HYHT' ? '批' : l.goods.unit,
          quantity: l.quantity,
          price: l.price,
        });
      }
    }
  }
  for (const batch of chunks(contractLines)) await trx.insertInto('contract_goods').values(batch).execute();

  // Loan applications financing purchase and sales contracts, spread over the year.
  const financeable = contracts
    .filter((c) => ['CGHT', 'XSHT', 'CGDD', 'XSDD'].includes(c.type))
    .sort((x, y) => x.date.getTime() - y.date.getTime());
  const loans: LoanRow[] = [];
  for (let i = 0; i < p.counts.loans && financeable.length; i++) {
    // Evenly over the year's contracts, so applications spread over many months.
    const contract = financeable[Math.floor((i * financeable.length) / p.counts.loans)]!;
    const date = addDays(contract.date, rng.int(2, 20));
    const when = date.getTime() > ANCHOR - DAY ? daysAgo(rng.int(1, 10)) : date;
    const code = numbers.next(NUMBER_KEYS.loan, when);
    const row = await trx
      .insertInto('loan_applications')
      .values({
        enterprise_id: p.id,
        application_form_num: code,
        applicant_name: p.staff.name,
        contract_id: contract.id,
        contract_num: contract.code,
        contract_amount: contract.money,
        loan_amount: Math.max(10000, round(contract.money * rng.real(0.6, 0.8), 10000)),
        corporate_name: p.name,
        create_date: ymd(when),
        status: submittedMostly(),
        created_by: by,
        updated_by: by,
        created_at: iso(when),
        updated_at: iso(when),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    loans.push({ id: row.id, code, date: when, contract });
  }

  // Settlements: receivable (1) on sales contracts and orders, payable (2) on purchase and service contracts.
  const settlements: Insertable<DB['settlements']>[] = [];
  const remarks: Partial<Record<ContractTypeSuffix, string[]>> = {
    CGHT: ['预付货款结算（30%）', '货款尾款结算'],
    CGDD: ['采购订单货款结算'],
    XSHT: ['销售货款首期回款', '销售货款尾款回款'],
    XSDD: ['销售订单货款回款'],
    WLHT: ['运费结算'],
    JGHT: ['监管费结算'],
    HYHT: ['检验费结算'],
  };
  for (const c of contracts) {
    const texts = remarks[c.type];
    if (!texts || rng.chance(0.35)) continue;
    const parts = texts.length === 2 ? [0.3, 0.7] : [1];
    parts.forEach((share, k) => {
      const day = addDays(c.date, 10 + k * rng.int(20, 45) + rng.int(0, 9));
      if (day.getTime() >= ANCHOR) return;
      settlements.push({
        enterprise_id: p.id,
        settle_code: numbers.next(NUMBER_KEYS.settlement, day),
        contract_id: c.id,
        contract_code: c.code,
        contract_type: `${CONTRACT_TYPE_PREFIX}${c.type}`,
        enterprise_name: c.counterparty,
        type: c.type === 'XSHT' || c.type === 'XSDD' ? 1 : 2,
        money: money(c.money * share),
        settle_date: ymd(day),
        remark: texts[k]!,
        status: submittedMostly(),
        created_by: by,
        updated_by: by,
        created_at: iso(day),
        updated_at: iso(day),
      });
    });
  }
  for (const batch of chunks(settlements)) await trx.insertInto('settlements').values(batch).execute();

  await seedWarehouse(trx, p, rng, numbers, warehouseIds, contracts, goods);
  if (p.approvers && p.staff.userId) await seedProcesses(trx, p, rng, contracts, loans);
  await seedRisks(trx, p, rng);
  await numbers.save(trx);
}

function orderLine(
  enterpriseId: string,
  l: Line,
  owner: { sales_order_id: number | null; purchase_order_id: number | null },
): Insertable<DB['order_goods']> {
  return {
    enterprise_id: enterpriseId,
    ...owner,
    goods_id: l.goods.id,
    goods_name: l.goods.name,
    specification_models: l.goods.spec,
    unit: l.goods.unit,
    quantity: l.quantity,
    price: l.price,
  };
}

async function seedGoods(trx: Transaction<DB>, p: Profile, rng: Rng, numbers: SeedNumbers): Promise<GoodsRow[]> {
  type Pending = { node: CategoryNode; code: string; parentCode: string | null; sort: number };
  const levels: Pending[][] = [];
  const walk = (nodes: CategoryNode[], parentCode: string | null, depth: number) => {
    nodes.forEach((node, i) => {
      const code = `${parentCode ?? ''}${pad(i + 1, 2)}`;
      (levels[depth] ??= []).push({ node, code, parentCode, sort: i });
      if (node.children) walk(node.children, code, depth + 1);
    });
  };
  walk(p.tree, null, 0);
  // Second-level categories (e.g. 钢材, 铜) are the families an order's lines are drawn from.
  const groupKey = new Map<string, number>();
  const ids = new Map<string, number>();
  for (const level of levels) {
    const rows = await trx
      .insertInto('goods_categories')
      .values(
        level.map((c) => ({
          enterprise_id: p.id,
          parent_id: c.parentCode ? ids.get(c.parentCode)! : null,
          goods_category_code: c.code,
          goods_category_name: c.node.name,
          is_leaf: !c.node.children?.length,
          sort: c.sort,
        })),
      )
      .returning(['id', 'goods_category_code'])
      .execute();
    for (const r of rows) ids.set(r.goods_category_code, r.id);
    for (const c of level) if (c.code.length === 4) groupKey.set(c.code, groupKey.size);
  }

  const goodsRows: Insertable<DB['goods']>[] = [];
  const meta = new Map<string, Omit<GoodsRow, 'id'>>();
  // The catalogue was entered over a few weeks, more than a year before the demo's today.
  const catalogueDay = (n: number) => daysAgo(420 - Math.floor(n / 40));
  for (const c of levels.flat()) {
    const product = c.node.product;
    if (!product || !c.node.count) continue;
    const combos = product.specs.flatMap((spec) =>
      product.textures.flatMap((texture) => product.makers.map((maker) => ({ spec, texture, maker }))),
    );
    const chosen = rng.sample(combos, c.node.count);
    chosen.sort((x, y) => product.specs.indexOf(x.spec) - product.specs.indexOf(y.spec) || x.maker.localeCompare(y.maker));
    chosen.forEach((combo) => {
      const priceStep = product.price[1] > 1000 ? 10 : 0.1;
      const price = money(round(rng.real(...product.price), priceStep));
      const weight = qty3(rng.real(...product.weight));
      const entered = catalogueDay(goodsRows.length);
      const goodsNumber = numbers.next(NUMBER_KEYS.goods, entered);
      goodsRows.push({
        enterprise_id: p.id,
        category_id: ids.get(c.code)!,
        goods_name: product.name,
        specification_models: combo.spec,
        unit: product.unit,
        manufacturer: combo.maker,
        texture: combo.texture,
        weight,
        monad: product.monad,
        goods_number: goodsNumber,
        goods_price: price,
        created_by: p.staff.userId,
        updated_by: p.staff.userId,
        created_at: iso(entered),
        updated_at: iso(entered),
      });
      meta.set(goodsNumber, {
        name: product.name,
        spec: combo.spec,
        unit: product.unit,
        price,
        weight,
        reel: product.reel,
        group: groupKey.get(c.code.slice(0, 4)) ?? 0,
      });
    });
  }
  if (p.id === 'ent-a' && goodsRows.length < 500) throw new Error(`demo seed: ent-a needs ≥ 500 goods, has ${goodsRows.length}`);
  const out: GoodsRow[] = [];
  for (const batch of chunks(goodsRows)) {
    const rows = await trx.insertInto('goods').values(batch).returning(['id', 'goods_number']).execute();
    for (const r of rows) out.push({ id: r.id, ...meta.get(r.goods_number)! });
  }
  return out.sort((a, b) => a.id - b.id);
}

function reelNumber(rng: Rng, style: ReelStyle, date: Date): string {
  const yymm = compact(date).slice(2, 6);
  if (style === 'coil') return `${rng.pick(['H', 'C', 'J', 'B'])}${yymm}${pad(rng.int(1, 99999), 5)}`;
  if (style === 'lot') return `${yymm}-${pad(rng.int(1, 9999), 4)}`;
  return '';
}

async function seedWarehouse(
  trx: Transaction<DB>,
  p: Profile,
  rng: Rng,
  numbers: SeedNumbers,
  warehouseIds: Map<string, number>,
  contracts: ContractRow[],
  goods: GoodsRow[],
): Promise<void> {
  const byDate = [...contracts].sort((x, y) => x.date.getTime() - y.date.getTime());
  const inbound = byDate.filter((c) => ['CGHT', 'CGDD', 'JGHT'].includes(c.type));
  const outbound = byDate.filter((c) => ['XSHT', 'XSDD', 'JGHT'].includes(c.type));
  const pickWarehouse = () => {
    let r = rng.next();
    for (const w of p.warehouses) {
      if (r < w.share) return w;
      r -= w.share;
    }
    return p.warehouses[0]!;
  };
  /** Lines for one document: the contract's goods first, topped up from its family; some have 4–6 lines. */
  const documentGoods = (contract: ContractRow | undefined, i: number): Line[] => {
    const want = i % 3 === 0 ? rng.int(4, 6) : rng.int(1, 3);
    const lines = contract ? [...contract.lines] : [];
    const family = lines[0]?.goods.group ?? rng.pick(goods).group;
    const pool = rng.shuffle(goods.filter((g) => g.group === family && !lines.some((l) => l.goods.id === g.id)));
    while (lines.length < want && pool.length) {
      const g = pool.pop()!;
      lines.push({ goods: g, quantity: 0, price: g.price });
    }
    return lines.slice(0, want);
  };
  const pieces = (l: Line) =>
    l.goods.weight >= 100 ? 1 : l.goods.weight < 0.1 ? rng.int(200, 2000) : rng.int(3, l.goods.weight >= 5 ? 40 : 400);
  /** Planned dates may lie ahead; the row itself was written before the anchor day. */
  const writtenAt = (date: Date) => new Date(Math.min(date.getTime() - rng.int(1, 5) * DAY, ANCHOR - rng.int(1, 48) * HOUR));

  for (const kind of ['notice', 'instruction'] as const) {
    const count = kind === 'notice' ? p.counts.notices : p.counts.instructions;
    const source = kind === 'notice' ? inbound : outbound;
    const headers: (Insertable<DB['in_storage_notices']> & { lines: Line[] })[] = [];
    for (let i = 0; i < count; i++) {
      const wh = pickWarehouse();
      const supervised = rng.chance(wh.supervisor.share);
      const date = daysAgo(Math.round(((count - i) / count) * 300) - rng.int(0, 3) + (i >= count - 6 ? -rng.int(1, 12) : 0));
      // A document follows a contract signed before it (one of the latest few), or the oldest one.
      const signed = source.filter((c) => c.date.getTime() <= date.getTime());
      const contract = signed.length ? rng.pick(signed.slice(-4)) : source[0];
      headers.push({
        enterprise_id: p.id,
        code: numbers.next(kind === 'notice' ? NUMBER_KEYS.inStorageNotice : NUMBER_KEYS.deliveryInstruction, date),
        contract_relevance_code: contract?.paper ?? '',
        contract_id: contract?.id ?? null,
        enterprise_name: contract?.counterparty ?? rng.pick(p.customers),
        supervise_id: supervised ? wh.supervisor.id : null,
        supervise_name: supervised ? wh.supervisor.name : '',
        warehouse_id: warehouseIds.get(wh.name) ?? null,
        warehouse_name: wh.name,
        collection_time: ymd(date),
        // Only documents whose planned day has passed can have been turned into orders.
        is_create: p.warehouseOperator && date.getTime() < ANCHOR - 2 * DAY && rng.chance(0.26) ? 1 : 0,
        created_by: p.staff.userId,
        updated_by: p.staff.userId,
        created_at: iso(writtenAt(date)),
        updated_at: iso(writtenAt(addDays(date, 1))),
        lines: documentGoods(contract, i),
      });
    }
    // Documents already turned into orders (is_create 1) get their in-storage / outbound order, made by the
    // warehouse operator a day or two after the planned date.
    const orderDay = (h: { collection_time?: string | null }) => {
      const d = addDays(new Date(`${h.collection_time!}T00:00:00Z`), rng.int(0, 2));
      return ymd(d.getTime() >= ANCHOR ? daysAgo(1) : d);
    };
    const operator = p.warehouseOperator!;
    if (kind === 'notice') {
      const rows = await trx
        .insertInto('in_storage_notices')
        .values(headers.map(({ lines: _l, ...h }) => h))
        .returning(['id', 'code'])
        .execute();
      const byCode = new Map(headers.map((h) => [h.code, h]));
      const lines: Insertable<DB['in_storage_notice_goods']>[] = rows.flatMap((r) => {
        const h = byCode.get(r.code)!;
        return h.lines.map((l) => {
          const n = pieces(l);
          return {
            notice_id: r.id,
            goods_id: l.goods.id,
            goods_name: l.goods.name,
            specification_models: l.goods.spec,
            weight: n,
            storage_number: qty3(n * l.goods.weight * rng.real(0.98, 1.02)),
            reel_number: reelNumber(rng, l.goods.reel, new Date(h.collection_time!)),
            warehouse_name: h.warehouse_name!,
          };
        });
      });
      const saved = [];
      for (const batch of chunks(lines))
        saved.push(
          ...(await trx
            .insertInto('in_storage_notice_goods')
            .values(batch)
            .returning([
              'id',
              'notice_id',
              'goods_id',
              'goods_name',
              'specification_models',
              'weight',
              'storage_number',
              'reel_number',
              'warehouse_name',
            ])
            .execute()),
        );
      const made = rows.filter((r) => byCode.get(r.code)!.is_create === 1);
      for (const r of made) {
        const h = byCode.get(r.code)!;
        const day = orderDay(h);
        const order = await trx
          .insertInto('in_storage_orders')
          .values({
            enterprise_id: p.id,
            code: numbers.next(NUMBER_KEYS.inStorageOrder, new Date(`${day}T10:15:00Z`)),
            notice_id: r.id,
            notice_code: h.code,
            contract_relevance_code: h.contract_relevance_code ?? '',
            enterprise_name: h.enterprise_name,
            supervise_id: h.supervise_id ?? null,
            supervise_name: h.supervise_name ?? '',
            warehouse_id: h.warehouse_id ?? null,
            warehouse_name: h.warehouse_name ?? '',
            in_storage_time: day,
            remark: rng.pick(['', '货物已验收入库，数量与通知一致。', '外包装完好，已拍照留存。']),
            create_user_id: operator.userId,
            create_user_name: operator.name,
            created_at: iso(new Date(`${day}T09:30:00Z`)),
            updated_at: iso(new Date(`${day}T09:30:00Z`)),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const goodsLines = saved.filter((l) => l.notice_id === r.id);
        await trx
          .insertInto('in_storage_order_goods')
          .values(
            goodsLines.map((l) => ({
              order_id: order.id,
              notice_goods_id: l.id,
              goods_id: l.goods_id,
              goods_name: l.goods_name,
              specification_models: l.specification_models,
              weight: l.weight,
              storage_number: l.storage_number,
              reel_number: l.reel_number,
              warehouse_name: l.warehouse_name,
            })),
          )
          .execute();
      }
    } else {
      const full = headers.map(({ lines: _l, ...h }) => ({
        ...h,
        plan_delivery_time: ymd(addDays(new Date(h.collection_time!), rng.int(1, 7))),
        data_sources: rng.chance(0.85) ? DELIVERY_APPLICATION_SOURCE : '手工录入',
      }));
      const rows = await trx.insertInto('delivery_instructions').values(full).returning(['id', 'code']).execute();
      const byCode = new Map(headers.map((h) => [h.code, h]));
      const fullByCode = new Map(full.map((h) => [h.code, h]));
      const lines: Insertable<DB['delivery_apply_goods']>[] = rows.flatMap((r) => {
        const h = byCode.get(r.code)!;
        return h.lines.map((l) => {
          const n = pieces(l);
          return {
            instruction_id: r.id,
            goods_id: l.goods.id,
            goods_name: l.goods.name,
            specification_models: l.goods.spec,
            delivery_number: n,
            delivery_weight_number: qty3(n * l.goods.weight * rng.real(0.98, 1.02)),
            reel_number: reelNumber(rng, l.goods.reel, new Date(h.collection_time!)),
          };
        });
      });
      const saved = [];
      for (const batch of chunks(lines))
        saved.push(
          ...(await trx
            .insertInto('delivery_apply_goods')
            .values(batch)
            .returning([
              'id',
              'instruction_id',
              'goods_id',
              'goods_name',
              'specification_models',
              'delivery_number',
              'delivery_weight_number',
              'reel_number',
            ])
            .execute()),
        );
      const made = rows.filter((r) => byCode.get(r.code)!.is_create === 1);
      for (const r of made) {
        const h = fullByCode.get(r.code)!;
        const day = orderDay(h);
        const order = await trx
          .insertInto('outbound_orders')
          .values({
            enterprise_id: p.id,
            code: numbers.next(NUMBER_KEYS.outboundOrder, new Date(`${day}T10:15:00Z`)),
            instruction_id: r.id,
            instruction_code: h.code,
            contract_relevance_code: h.contract_relevance_code ?? '',
            enterprise_name: h.enterprise_name,
            supervise_id: h.supervise_id ?? null,
            supervise_name: h.supervise_name ?? '',
            warehouse_id: h.warehouse_id ?? null,
            warehouse_name: h.warehouse_name ?? '',
            plan_delivery_time: h.plan_delivery_time,
            delivery_time: day,
            data_sources: h.data_sources,
            remark: rng.pick(['', '已核对提货人身份及提货单。', '车辆已过磅，出库数量与指令一致。']),
            create_user_id: operator.userId,
            create_user_name: operator.name,
            created_at: iso(new Date(`${day}T10:15:00Z`)),
            updated_at: iso(new Date(`${day}T10:15:00Z`)),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const goodsLines = saved.filter((l) => l.instruction_id === r.id);
        await trx
          .insertInto('outbound_order_goods')
          .values(
            goodsLines.map((l) => ({
              order_id: order.id,
              apply_goods_id: l.id,
              goods_id: l.goods_id,
              goods_name: l.goods_name,
              specification_models: l.specification_models,
              delivery_number: l.delivery_number,
              delivery_weight_number: l.delivery_weight_number,
              reel_number: l.reel_number,
            })),
          )
          .execute();
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Approval processes

const TASKS = ['提交申请', '业务审核', '风控审核', '财务复核', '总经理审批'] as const;
type Task = (typeof TASKS)[number];

const COMMENTS: Record<'contract' | 'loan', Record<Task, string[]>> = {
  contract: {
    提交申请: ['发起合同审批，合同文本及附件已上传。', '按客户确认版本提交审批。', '补充修改后重新提交。'],
    业务审核: ['交易对手资质齐全，价格符合当期市场行情，同意。', '货物规格与订单一致，交货期可执行，同意。', '同意，请风控关注交货节点。'],
    风控审核: [
      '交易对手无重大涉诉记录，授信额度充足，同意。',
      '货权凭证清晰，监管仓已确认，风险可控。',
      '请补充上游供应商近三个月的交货记录。',
      '付款方式为先货后款，需补充担保措施后再提交。',
    ],
    财务复核: [
      '付款条件符合公司资金计划，同意。',
      '发票及结算条款无异议，同意。',
      '资金占用周期在预算内，同意。',
      '结算条款与资金计划不符，请补充说明后重新提交。',
    ],
    总经理审批: ['同意，按合同约定执行。', '同意签署。', '本笔金额较大，暂缓签署，待市场价格企稳后再议。'],
  },
  loan: {
    提交申请: ['申请融资用于支付上游货款，质押物已入监管仓。', '按银行放款要求提交融资申请。', '补充仓单及质检报告后重新提交。'],
    业务审核: ['基础交易真实，合同及订单一致，同意。', '融资金额与合同金额匹配，同意。', '同意，请风控核实质押物价值。'],
    风控审核: [
      '质押率70%，在可控范围内，同意。',
      '质押物为标准品，价格波动可控，同意。',
      '请补充监管仓出具的仓单及货物照片。',
      '借款企业近期存在涉诉记录，请补充说明。',
    ],
    财务复核: [
      '利率及期限符合资金计划，同意。',
      '还款来源明确，同意。',
      '同意，放款后按月跟踪回款。',
      '还款计划与销售回款周期不匹配，请补充说明。',
    ],
    总经理审批: ['同意放款。', '同意，注意到期前15天提示还款。', '风险敞口偏大，不同意本次融资。'],
  },
};

type Outcome = 'approved' | 'rejected' | 'running' | 'running-returned';
type Step = { task: Task; message: '提交' | '重新提交' | '同意' | '驳回' | '待审批' };

/** Who may finish a seeded running process's open step at 总经理审批: the admin role where the enterprise has an admin. */
const ADMIN_SIGN_OFF = new Set<Profile['id']>(['ent-a']);

// Seeded processes obey the server's rules: the submitter (the enterprise's staff member) handles only 提交申请,
// each approval step is handled by a different approver, and a rejected process ends; resubmitting starts a new
// instance (the record then points at the newest one).
async function seedProcesses(trx: Transaction<DB>, p: Profile, rng: Rng, contracts: ContractRow[], loans: LoanRow[]): Promise<void> {
  const a = p.approvers!;
  const staff: Person = { userId: p.staff.userId!, name: p.staff.name };
  const handler: Record<Task, Person> = {
    提交申请: staff,
    业务审核: a.business,
    风控审核: a.risk,
    财务复核: a.finance,
    总经理审批: a.manager,
  };
  const plan: Outcome[] = ['running', 'approved', 'running-returned', 'approved', 'rejected', 'approved', 'running', 'approved'];
  const targets: { kind: 'contract' | 'loan'; id: number; code: string; date: Date }[] = [
    ...contracts.filter((_, i) => i % 2 === 0).map((c) => ({ kind: 'contract' as const, id: c.id, code: c.code, date: c.date })),
    ...loans.filter((_, i) => i % 4 !== 3).map((l) => ({ kind: 'loan' as const, id: l.id, code: l.code, date: l.date })),
  ];
  const approved = (tasks: readonly Task[], first: Step['message']): Step[] =>
    tasks.map((task) => ({ task, message: task === '提交申请' ? first : '同意' }));
  for (const [i, t] of targets.entries()) {
    const outcome = plan[i % plan.length]!;
    const running = outcome.startsWith('running');
    // One list of steps per instance, oldest instance first.
    const rounds: Step[][] = [];
    if (outcome === 'approved') rounds.push(approved(TASKS, '提交'));
    else if (outcome === 'rejected') rounds.push([...approved(TASKS.slice(0, 4), '提交'), { task: '总经理审批', message: '驳回' }]);
    else if (outcome === 'running') {
      // The first round's running processes wait at 业务审核, so the first approver finds work too; later ones further on.
      const drawn = rng.int(2, 4);
      const stop = i < plan.length ? 1 : drawn;
      rounds.push([...approved(TASKS.slice(0, stop), '提交'), { task: TASKS[stop]!, message: '待审批' }]);
    } else {
      rounds.push([...approved(TASKS.slice(0, 2), '提交'), { task: '风控审核', message: '驳回' }]);
      rounds.push([...approved(TASKS.slice(0, 2), '重新提交'), { task: '风控审核', message: '待审批' }]);
    }
    // Step durations first, then placed in time: a running process's open task started hours or days before the
    // anchor; a finished one around its record's date, and never after the anchor.
    const steps = rounds.flat();
    const spans = steps.map((s) => (s.message === '待审批' ? 0 : rng.int(1, 28) * HOUR + rng.int(0, 59) * 60_000));
    const length = spans.reduce((x, y) => x + y, 0);
    let base = running ? ANCHOR - rng.int(2, 60) * HOUR - length : t.date.getTime() - rng.int(3, 8) * DAY;
    if (!running && base + length > ANCHOR - HOUR) base = ANCHOR - rng.int(2, 48) * HOUR - length;
    let at = new Date(base);
    let k = 0;
    let instanceId = 0;
    for (const round of rounds) {
      const start = at;
      const history: Omit<Insertable<DB['process_history']>, 'process_instance_id'>[] = [];
      for (const [seq, s] of round.entries()) {
        const open = s.message === '待审批';
        const begin = at;
        const end = open ? null : new Date(begin.getTime() + spans[k++]!);
        const pool = COMMENTS[t.kind][s.task];
        const needsMore = (c: string) => c.includes('补充') || c.includes('暂缓') || c.includes('不同意') || c.includes('说明');
        const comments = open
          ? ''
          : s.message === '驳回'
            ? (pool.find(needsMore) ?? pool[pool.length - 1]!)
            : s.message === '重新提交'
              ? pool[pool.length - 1]!
              : rng.pick(pool.filter((c) => !needsMore(c)));
        history.push({
          seq: seq + 1,
          task_name: s.task,
          start_time: iso(begin),
          end_time: end ? iso(end) : null,
          user_name_start: staff.name,
          user_name_now: open ? '审批人' : handler[s.task].name,
          message: s.message,
          comments,
          handled_by: open ? null : handler[s.task].userId,
        });
        if (end) at = end;
      }
      const last = round[round.length - 1]!;
      const finished = last.message !== '待审批';
      if (finished && last.message === '同意') {
        history.push({
          seq: history.length + 1,
          task_name: '归档',
          start_time: iso(at),
          end_time: iso(at),
          user_name_start: staff.name,
          user_name_now: '系统',
          message: '流程结束',
          comments: '审批通过，已归档。',
          handled_by: null,
        });
      }
      const instance = await trx
        .insertInto('process_instances')
        .values({
          enterprise_id: p.id,
          business_type: t.kind,
          business_id: t.id,
          business_code: t.code,
          status: !finished ? 'running' : last.message === '同意' ? 'approved' : 'rejected',
          current_task_name: finished ? null : last.task,
          // Most waiting tasks go to the approver role; some final sign-offs to the admin role.
          assignee_role: finished ? null : last.task === '总经理审批' && i % 3 === 0 && ADMIN_SIGN_OFF.has(p.id) ? 'admin' : 'approver',
          started_by: staff.userId,
          created_at: iso(start),
          updated_at: iso(at),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('process_history')
        .values(history.map((h) => ({ ...h, process_instance_id: instance.id })))
        .execute();
      instanceId = instance.id;
    }
    // A record under approval has been submitted (read-only); the outcome lives on the process.
    const table = t.kind === 'contract' ? 'contracts' : 'loan_applications';
    await trx.updateTable(table).set({ process_instance_id: instanceId, status: 'submitted' }).where('id', '=', t.id).execute();
  }
}

// ---------------------------------------------------------------------------------------------
// Company risks and warning messages

const PEOPLE = ['王国庆', '李志强', '陈海峰', '刘建明', '张立群', '赵永刚', '周红梅', '钱文斌', '孙家豪', '吴晓光'];

function riskDetails(rng: Rng, type: RiskType, company: string, date: Date, p: Profile): Record<string, string | number> {
  const d = (back: number) => ymd(addDays(date, -back));
  const court = rng.pick(COURTS);
  const year = date.getUTCFullYear();
  switch (type) {
    case 17:
      return {
        reason: rng.pick(['合同严重违约，拖欠货款逾期超过180天', '提供虚假贸易背景材料骗取融资', '同一批货物重复质押']),
        listedBy: rng.pick(['供应链金融服务平台风控委员会', '中国物流与采购联合会大宗商品交易市场流通分会']),
        listedDate: d(0),
      };
    case 18:
      return {
        registrationNumber: `${court.code.slice(0, 1)}市监抵登字〔${year}〕第${pad(rng.int(100, 9999), 4)}号`,
        mortgagee: rng.pick(BANKS),
        amount: round(rng.real(2_000_000, 60_000_000), 10_000),
        registrationDate: d(rng.int(0, 5)),
        status: rng.chance(0.8) ? '有效' : '已注销',
      };
    case 19:
      return {
        pledgor: `${rng.pick(PEOPLE)}`,
        pledgee: rng.pick(BANKS),
        amount: round(rng.real(1_000_000, 30_000_000), 10_000),
        registrationDate: d(rng.int(0, 5)),
      };
    case 20:
      return {
        reason: rng.pick([
          '通过登记的住所或者经营场所无法联系',
          '未依照《企业信息公示暂行条例》第八条规定的期限公示年度报告',
          '公示企业信息隐瞒真实情况、弄虚作假',
        ]),
        authority: court.authority,
        listedDate: d(0),
      };
    case 21:
      return {
        title: `${company}名下${rng.pick(['螺纹钢 1,250 吨', '热轧卷板 86 卷', '电解铜 120 吨', '动力煤 8,000 吨', '办公楼一栋及土地使用权', '叉车等仓储设备一批'])}`,
        court: court.name,
        startingPrice: round(rng.real(800_000, 25_000_000), 1000),
        auctionDate: ymd(addDays(date, rng.int(10, 40))),
      };
    case 22:
      return {
        reason: rng.pick(['被列入经营异常名录届满3年仍未履行相关义务', '提交虚假材料或者采取其他欺诈手段隐瞒重要事实，取得公司登记']),
        authority: court.authority,
        listedDate: d(0),
      };
    case 23:
      return {
        caseNumber: `（${year}）${court.code}民初${rng.int(1000, 19999)}号`,
        court: court.name,
        plaintiff: rng.chance(0.5) ? p.name : rng.pick(BANKS),
        defendant: company,
        hearingDate: ymd(addDays(date, rng.int(7, 45))),
      };
    case 24:
      return {
        caseNumber: `（${year}）${court.code}执${rng.int(1000, 9999)}号`,
        court: court.name,
        amount: round(rng.real(150_000, 12_000_000), 100),
        filingDate: d(rng.int(0, 10)),
      };
    case 25:
      return {
        decisionNumber: `${court.code.slice(0, 1)}市监处〔${year}〕${rng.int(10000, 99999)}号`,
        authority: court.authority,
        reason: rng.pick(['销售不符合国家标准的钢材产品', '未按规定进行危险化学品储存', '虚假宣传', '运输车辆超限超载']),
        penalty: rng.pick(['警告；罚款人民币20,000元', '罚款人民币50,000元，没收违法所得', '责令改正，罚款人民币8,000元']),
        decisionDate: d(rng.int(0, 10)),
      };
    case 27:
      return {
        licenceName: rng.pick(['危险化学品经营许可证', '道路运输经营许可证', '粮食收购许可证', '排污许可证', '全国工业产品生产许可证']),
        licenceNumber: `${court.code.slice(0, 1)}${rng.pick(['安经', '交运管许可', '粮收', '排污'])}字〔${year - 3}〕${pad(rng.int(1, 99999), 6)}`,
        expiryDate: ymd(addDays(date, rng.int(10, 60))),
      };
    case 28:
      return {
        before: '钢材、建材、金属材料的销售；货物进出口。',
        after: rng.pick([
          '钢材、建材、金属材料、煤炭（不在储存场所进行储存）的销售；货物进出口；供应链管理服务。',
          '金属材料销售；再生资源回收（除生产性废旧金属）；道路货物运输（不含危险货物）。',
        ]),
        changeDate: d(rng.int(0, 7)),
      };
    case 29: {
      const [before, after] = rng.sample(PEOPLE, 2);
      return { before: before!, after: after!, changeDate: d(rng.int(0, 7)) };
    }
    case 30: {
      const before = rng.pick([5000, 8000, 10000, 20000]);
      const after = rng.chance(0.6) ? before / rng.pick([2, 4, 5]) : before * 2;
      return { before: `${before}万元人民币`, after: `${after}万元人民币`, changeDate: d(rng.int(0, 7)) };
    }
  }
}

async function seedRisks(trx: Transaction<DB>, p: Profile, rng: Rng): Promise<void> {
  const companies = [...p.customers, ...p.suppliers.slice(0, 4), ...p.logistics.slice(0, 1)];
  const risks: { type: RiskType; company: string; date: Date; rule: string }[] = [];
  const rows: Insertable<DB['company_risks']>[] = [];
  for (const type of p.riskTypes) {
    const n = p.id === 'ent-a' ? rng.int(2, 3) : p.id === 'ent-b' ? 2 : 1;
    for (let k = 0; k < n; k++) {
      const company = rng.pick(companies);
      const date = daysAgo(rng.int(0, 80));
      const rule = RISK_WARN_RULES[type];
      risks.push({ type, company, date, rule });
      rows.push({
        enterprise_id: p.id,
        company_name: company,
        risk_type: type,
        warn_date: ymd(date),
        warn_rule: rule,
        details: JSON.stringify(riskDetails(rng, type, company, date, p)),
        created_at: iso(new Date(date.getTime() + 8 * HOUR)),
      });
    }
  }
  for (const batch of chunks(rows)) await trx.insertInto('company_risks').values(batch).execute();

  // Each warning message points at a risk record (same rule, company and day), newest first per user.
  const newestFirst = [...risks].sort((x, y) => y.date.getTime() - x.date.getTime());
  const messages: Insertable<DB['warning_messages']>[] = [];
  for (const w of p.warnings) {
    // The newest few reach everyone; the rest are a per-user mix.
    const chosen = [...newestFirst.slice(0, 3), ...rng.sample(newestFirst.slice(3), w.count - 3)].sort(
      (x, y) => y.date.getTime() - x.date.getTime(),
    );
    chosen.forEach((r, i) => {
      const at = new Date(r.date.getTime() + (8 + rng.int(0, 9)) * HOUR + rng.int(0, 59) * 60_000);
      // The oldest ones are the read ones: a user reads from the top of a newest-first list over time.
      const read = i >= chosen.length - w.read;
      messages.push({
        enterprise_id: p.id,
        user_id: w.userId,
        warn_gen_dt: iso(at),
        warn_rule: r.rule,
        risk_type: r.type,
        company_name: r.company,
        content: `合作企业「${r.company}」${r.rule.replace(/^企业/, '')}，请关注其履约及融资风险。`,
        is_read: read,
        read_at: read ? iso(new Date(at.getTime() + rng.int(1, 30) * HOUR)) : null,
      });
    });
  }
  for (const batch of chunks(messages)) await trx.insertInto('warning_messages').values(batch).execute();
}
