// Demo content of the two portal sites, owned like their column trees by the platform's operating enterprise (ent-p):
// news, announcements, product and about pages, website copy, layout slots for every slot kind and, when the media
// library has files, banners, covers, picture-text cards and videos. A few items sit in each status (draft,
// scheduled, published, published with a newer draft, withdrawn, expired) with their versions and references, and
// each site's public API is set to serve ent-p's content. Runs inside seedDemo's transaction, after seedPortal.
import type { Kysely, Transaction } from 'kysely';
import {
  contentDataSchema,
  RichTextDocumentSchema,
  type ContentType,
  type PortalSite,
  type RichTextBlock,
  type RichTextDocument,
  type RichTextInline,
  type SlotKind,
} from '@tfb/contract';
import { renderRichText } from '../lib/rich-text/index.js';
import type { DB } from './types.js';

const OWNER = { enterpriseId: 'ent-p', userId: 'demo-portal-admin', userName: 'sunyue' } as const;
const DAY = 86_400_000;
const VIDEO_FILE = /\.(mp4|webm|mov|m4v)$/i;

/**
 * The site's media files by file name (the media library's seed puts them there; none yet: an empty map). Content
 * takes its images and videos only through this, so fields that may stay empty do, and items that need a file
 * (banners, picture-text cards, videos) are left out when there is none.
 */
export async function seedMediaIds(db: Kysely<DB>, enterpriseId: string, site: PortalSite): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('portal_media')
    .select(['id', 'file_name'])
    .where('enterprise_id', '=', enterpriseId)
    .where('site', '=', site)
    .where('deleted', '=', false)
    .orderBy('id')
    .execute();
  return new Map(rows.map((r) => [r.file_name, r.id]));
}

// ---- rich text

const text = (s: string, bold = false): RichTextInline =>
  bold ? { type: 'text', text: s, marks: [{ type: 'bold' }] } : { type: 'text', text: s };
const p = (...parts: (string | RichTextInline)[]): RichTextBlock => ({
  type: 'paragraph',
  content: parts.map((x) => (typeof x === 'string' ? text(x) : x)),
});
const h = (s: string): RichTextBlock => ({ type: 'heading', attrs: { level: 2 }, content: [text(s)] });
const ul = (items: string[]): RichTextBlock => ({ type: 'bulletList', content: items.map((i) => ({ type: 'listItem', content: [p(i)] })) });
const quote = (s: string): RichTextBlock => ({ type: 'blockquote', content: [p(s)] });
const doc = (...content: RichTextBlock[]): RichTextDocument => RichTextDocumentSchema.parse({ type: 'doc', content }) as RichTextDocument;

// ---- what the sites say

type Story = { title: string; summary: string; lead: string; points?: string[]; tags?: string[]; source?: string; author?: string };

/** The closing paragraphs each column's stories share (a believable body without a page of text per story). */
const COLUMN_VOICE: Record<string, string[]> = {
  news: [
    '集团将继续坚持“产业为本、科技赋能、风控为先”的发展思路，围绕核心企业上下游，提供覆盖采购、仓储、销售全链条的供应链金融服务。',
    '下一步，集团将进一步完善监管仓网络和数字化风控体系，推动更多中小微企业以真实贸易背景获得便捷、低成本的融资支持。',
  ],
  industry: [
    '业内人士认为，随着数据要素、电子仓单和动产融资统一登记的持续推进，供应链金融正由“主体信用”加速转向“交易信用”和“物的信用”。',
    '平台将持续跟踪相关政策和市场变化，及时调整授信策略与质押率，保障业务稳健运行。',
  ],
  notices: ['请各合作单位相互转告，按时做好相关准备工作。如有疑问，请联系平台客服热线。', '特此公告。'],
  topic: [
    '专题将持续更新实践案例与经验总结，欢迎合作伙伴与我们交流探讨。',
    '通过“科技+产业+金融”的协同，供应链金融正在成为服务实体经济、稳定产业链供应链的重要力量。',
  ],
};

const storyBody = (s: Story, voice: string[]): RichTextDocument =>
  doc(p(s.lead), ...(s.points?.length ? [h('主要内容'), ul(s.points)] : []), p(voice[0]!), ...(voice[1] ? [p(voice[1])] : []));

const GROUP_NEWS: Story[] = [
  {
    title: '集团供应链金融服务平台交易规模突破 500 亿元',
    summary: '平台上线以来累计服务中小微企业 3200 余家，融资余额保持稳健增长，不良率控制在行业较低水平。',
    lead: '近日，集团供应链金融服务平台累计交易规模突破 500 亿元。平台依托核心企业真实贸易数据，为上下游企业提供订单融资、仓单质押、应收账款融资等多种产品。',
    points: ['累计服务中小微企业 3200 余家', '合作金融机构增至 28 家', '平均放款时间缩短至 1 个工作日'],
    tags: ['平台建设', '里程碑'],
  },
  {
    title: '集团与三家国有银行签署战略合作协议',
    summary: '各方将在仓单质押、订单融资和跨境贸易结算等领域深化合作，新增意向授信 120 亿元。',
    lead: '11 月，集团与三家国有大型银行在京签署战略合作协议。根据协议，各方将在仓单质押融资、订单融资、跨境贸易结算等领域开展全面合作。',
    points: ['新增意向授信额度 120 亿元', '共建监管仓数据直连通道', '联合推出面向大宗商品贸易商的专属融资产品'],
    tags: ['战略合作', '银行'],
  },
  {
    title: '集团召开 2026 年度风险管理工作会议',
    summary: '会议总结年度风控工作成效，部署下一阶段押品监管、额度管理和预警处置重点任务。',
    lead: '集团近日召开年度风险管理工作会议，总结全年风险管理工作，分析当前大宗商品价格波动和产业链运行中的主要风险点。',
    points: ['完善押品价格盯市与补仓机制', '加强监管仓巡检和视频监控覆盖', '推进预警规则迭代，压降处置时间'],
    tags: ['风险管理'],
  },
  {
    title: '数字监管仓项目在天津港正式投入运营',
    summary: '项目引入物联网称重、电子围栏和视频识别，实现质押货物“看得见、管得住、估得准”。',
    lead: '集团在天津港建设的数字监管仓项目正式投入运营。仓库配备物联网称重设备、电子围栏和智能视频识别系统，出入库数据实时同步至平台。',
    points: ['库容约 8 万吨，主要存放钢材、有色金属', '出入库数据分钟级同步', '支持电子仓单签发与质押登记'],
    tags: ['数字监管仓', '物联网'],
  },
  {
    title: '集团荣获“年度供应链金融创新企业”称号',
    summary: '在第十届中国供应链金融年会上，集团凭借数字仓单融资实践获得创新企业奖项。',
    lead: '在近日举行的第十届中国供应链金融年会上，集团荣获“年度供应链金融创新企业”称号，数字仓单融资模式入选年度优秀案例。',
    tags: ['荣誉'],
  },
  {
    title: '集团党委开展“服务实体经济”主题调研活动',
    summary: '调研组走访钢贸、粮油、化工等产业链上下游企业，听取企业融资需求和意见建议。',
    lead: '为深入了解产业链企业融资需求，集团党委组织调研组走访了钢贸、粮油、化工等行业的 20 余家上下游企业。',
    points: ['收集意见建议 46 条', '形成产品优化清单 12 项', '建立重点企业常态化联系机制'],
  },
  {
    title: '集团举办 2026 年合作伙伴大会',
    summary: '来自金融机构、核心企业、物流仓储企业的 300 余位代表参会，共话产业数字化与供应链金融新机遇。',
    lead: '集团 2026 年合作伙伴大会在上海举行。会议以“链接产业、共赢未来”为主题，发布了新一代供应链金融服务平台。',
    tags: ['合作伙伴大会'],
  },
  {
    title: '平台完成新一轮信息安全等级保护测评',
    summary: '平台顺利通过网络安全等级保护三级测评，数据安全和业务连续性保障能力进一步增强。',
    lead: '集团供应链金融服务平台近日顺利通过网络安全等级保护三级测评，测评覆盖物理环境、网络通信、应用和数据安全等方面。',
    tags: ['信息安全'],
  },
  {
    title: '集团发布绿色供应链金融行动方案',
    summary: '方案提出三年内绿色供应链融资投放不低于 100 亿元，重点支持新能源、再生资源等领域。',
    lead: '集团正式发布《绿色供应链金融行动方案》，明确将绿色低碳作为业务发展的重要方向。',
    points: ['三年绿色融资投放不低于 100 亿元', '建立绿色贸易识别标准', '对绿色项目给予利率优惠'],
    tags: ['绿色金融'],
  },
  {
    title: '集团青年员工技能竞赛圆满落幕',
    summary: '竞赛围绕贸易背景审核、押品估值和系统操作三个科目展开，40 名青年员工参赛。',
    lead: '集团第三届青年员工业务技能竞赛近日圆满落幕。竞赛设置贸易背景审核、押品估值和系统操作三个科目。',
  },
];

const MEDIA_COVERAGE: Story[] = [
  {
    title: '经济日报：数字仓单让大宗商品“活”起来',
    summary: '报道介绍了集团以数字仓单为抓手，帮助钢贸企业盘活库存、缓解资金压力的做法。',
    lead: '《经济日报》近日刊文，介绍集团依托数字监管仓和电子仓单，帮助中小钢贸企业盘活库存、获得融资的实践。',
    source: '经济日报',
  },
  {
    title: '金融时报：供应链金融助力稳链强链',
    summary: '文章关注供应链金融在稳定产业链供应链中的作用，并以集团平台为例进行了分析。',
    lead: '《金融时报》发表评论文章，指出供应链金融是金融服务实体经济的重要抓手，集团平台的实践具有借鉴意义。',
    source: '金融时报',
  },
  {
    title: '第一财经专访集团总经理：以科技守住风控底线',
    summary: '专访中，集团总经理谈到平台风控体系建设、押品监管和数据治理的思路。',
    lead: '第一财经近日专访集团总经理，围绕供应链金融风控、数据治理和行业发展趋势等话题展开交流。',
    source: '第一财经',
  },
  {
    title: '中国证券报：产业数字化催生供应链金融新业态',
    summary: '报道梳理了物联网监管、区块链存证等技术在供应链金融中的应用。',
    lead: '《中国证券报》报道指出，产业数字化正在推动供应链金融进入新阶段，物联网和区块链技术的应用让“物的信用”更加可信。',
    source: '中国证券报',
  },
  {
    title: '新华财经：中小微企业融资更快更便捷',
    summary: '报道以平台订单融资产品为例，介绍中小微企业获得融资的新变化。',
    lead: '新华财经报道，借助核心企业订单数据，中小微供应商最快当天即可获得备货资金，融资体验明显改善。',
    source: '新华财经',
  },
];

const POLICIES: Story[] = [
  {
    title: '解读：动产和权利担保统一登记制度的新变化',
    summary: '统一登记制度扩大了登记范围，提高了登记效率，对仓单质押业务影响深远。',
    lead: '动产和权利担保统一登记制度实施以来，登记范围不断扩大，为仓单质押、应收账款质押等业务提供了更加清晰的权利公示基础。',
    points: ['登记范围覆盖更多动产和权利类型', '在线办理，登记查询更加便捷', '有利于减少重复质押风险'],
  },
  {
    title: '监管部门发布关于规范供应链金融业务的通知',
    summary: '通知强调回归服务实体本源，严禁虚构贸易背景，加强核心企业信息披露。',
    lead: '金融监管部门近日发布通知，要求各机构规范开展供应链金融业务，坚持真实贸易背景，防范借道供应链金融违规融资。',
    points: ['严格审核贸易背景真实性', '加强对核心企业确权的管理', '保护中小微企业合法权益'],
  },
  {
    title: '保障中小企业款项支付条例实施要点',
    summary: '条例对大型企业付款期限、应收账款确权等作出规定，有利于改善中小企业现金流。',
    lead: '《保障中小企业款项支付条例》明确了机关、事业单位和大型企业向中小企业支付款项的期限要求。',
  },
  {
    title: '数据要素政策为供应链金融带来新机遇',
    summary: '公共数据开放和数据要素市场建设，将为贸易真实性核验提供更多数据支撑。',
    lead: '随着数据要素相关政策陆续出台，税务、海关、物流等数据的合规共享，将显著提升供应链金融的风险识别能力。',
  },
  {
    title: '电子仓单相关标准征求意见稿发布',
    summary: '标准对电子仓单的要素、签发、流转和注销等环节提出了规范要求。',
    lead: '有关部门近日发布电子仓单相关标准征求意见稿，对电子仓单的基本要素、签发流程、质押和注销等提出规范。',
  },
];

const MARKET: Story[] = [
  {
    title: '11 月钢材市场运行分析：价格窄幅震荡',
    summary: '受需求淡季影响，螺纹钢、热卷价格窄幅震荡，社会库存小幅回落。',
    lead: '11 月以来，国内钢材市场整体呈窄幅震荡走势。螺纹钢主流价格在 3400—3550 元/吨之间波动，社会库存连续三周回落。',
  },
  {
    title: '有色金属周评：铜价高位回调，铝价企稳',
    summary: '本周铜价受宏观因素影响高位回调，铝价在成本支撑下企稳。',
    lead: '本周有色金属市场分化明显。沪铜主力合约较上周下跌约 2%，沪铝在成本支撑下小幅反弹。',
  },
  {
    title: '大豆及豆粕市场月度回顾',
    summary: '进口大豆到港量维持高位，豆粕价格承压运行，下游养殖需求平稳。',
    lead: '本月进口大豆到港量维持高位，油厂开机率较高，豆粕供应充足，价格承压运行。',
  },
  {
    title: '化工品市场观察：PTA 库存压力缓解',
    summary: '装置检修增多，PTA 社会库存有所下降，价格跟随原油波动。',
    lead: '近期 PTA 装置检修增多，社会库存压力有所缓解，价格主要跟随原油成本端波动。',
  },
  {
    title: '四季度动力煤市场展望',
    summary: '冬季用煤需求上升，港口库存处于合理区间，预计价格整体平稳。',
    lead: '进入四季度，北方地区取暖用煤需求逐步上升。目前主要港口库存处于合理区间，预计价格整体保持平稳。',
  },
];

const TOPIC: Story[] = [
  {
    title: '专题：从“主体信用”到“交易信用”',
    summary: '以真实交易数据为基础的授信模式，让更多缺少抵押物的中小企业获得融资。',
    lead: '传统融资依赖企业主体信用和不动产抵押，供应链金融则以真实交易为基础，通过订单、应收账款和存货等资产提供融资。',
    tags: ['专题'],
  },
  {
    title: '专题：数字监管仓的五项关键能力',
    summary: '称重计量、视频识别、电子围栏、数据直连和异常预警，构成数字监管仓的核心能力。',
    lead: '数字监管仓是存货类融资的基础设施。我们总结了数字监管仓应当具备的五项关键能力。',
    points: ['物联网称重与计量', '视频智能识别', '电子围栏与出入库控制', '与平台数据直连', '异常事件实时预警'],
    tags: ['专题', '数字监管仓'],
  },
  {
    title: '专题：供应链金融风控的“三道防线”',
    summary: '贸易背景审核、押品全程监管和贷后预警处置，共同构成风险防控体系。',
    lead: '有效的风险防控是供应链金融可持续发展的前提。平台建立了贸易背景审核、押品全程监管、贷后预警处置“三道防线”。',
    tags: ['专题', '风控'],
  },
];

const CASES: Story[] = [
  {
    title: '案例：某钢贸企业仓单质押融资实践',
    summary: '企业以 2 万吨螺纹钢仓单质押，获得融资 5000 万元，库存周转效率明显提升。',
    lead: '华东某钢贸企业长期面临库存占用资金大、融资难的问题。通过平台仓单质押业务，企业以存放在监管仓的螺纹钢办理质押融资。',
  },
  {
    title: '案例：汽车零部件供应商订单融资',
    summary: '依托主机厂采购订单，供应商在 24 小时内获得备货资金，保障按期交付。',
    lead: '某汽车零部件供应商接到主机厂大额订单，但备货资金不足。平台依据核心企业确认的订单，为其提供订单融资。',
  },
  {
    title: '案例：粮油贸易企业应收账款融资',
    summary: '企业将对大型商超的应收账款转让给合作银行，提前回笼资金。',
    lead: '某粮油贸易企业对下游商超的应收账款账期较长，通过平台办理应收账款融资后，资金周转天数缩短约 40 天。',
  },
];

const DATA_FLASH: Story[] = [
  {
    title: '平台 10 月业务数据快报',
    summary: '10 月新增融资笔数 1260 笔，新增融资金额 38.6 亿元，环比增长 6.2%。',
    lead: '根据平台统计，10 月平台新增融资笔数 1260 笔，新增融资金额 38.6 亿元，环比增长 6.2%；月末融资余额 156 亿元。',
  },
  {
    title: '监管仓库存数据周报（第 46 周）',
    summary: '本周平台监管仓库存总量 86.4 万吨，其中钢材占比 52%。',
    lead: '截至本周五，平台合作监管仓库存总量 86.4 万吨，较上周增加 1.8%。其中钢材占比 52%，有色金属占比 21%。',
  },
  {
    title: '三季度平台运营数据发布',
    summary: '三季度平台服务企业数量、融资规模和放款时效等主要指标均稳步提升。',
    lead: '三季度，平台服务企业 2860 家，累计放款 112 亿元，平均放款时效 0.9 个工作日。',
  },
  {
    title: '押品价格指数月度报告',
    summary: '本月平台押品价格综合指数较上月下降 0.8%，波动率处于低位。',
    lead: '本月平台押品价格综合指数为 102.3，较上月下降 0.8%，各品种价格波动率处于年内低位。',
  },
];

const COMMODITIES: Story[] = [
  {
    title: '螺纹钢期现价差分析',
    summary: '近期螺纹钢期现基差走强，现货端支撑较强。',
    lead: '近期螺纹钢期货价格回落，而现货价格相对坚挺，期现基差走强至 120 元/吨左右。',
  },
  {
    title: '电解铜社会库存变化跟踪',
    summary: '国内电解铜社会库存连续两周下降，消费端逐步回暖。',
    lead: '据统计，国内主要市场电解铜社会库存连续两周下降，下游线缆企业开工率回升。',
  },
  {
    title: '玉米市场新粮上市情况',
    summary: '东北新季玉米集中上市，价格季节性回落，贸易商收购积极性一般。',
    lead: '东北地区新季玉米进入集中上市期，价格出现季节性回落，贸易商收购积极性一般。',
  },
];

const POLICY_READING: Story[] = [
  {
    title: '一图读懂：电子仓单业务流程',
    summary: '从入库、签发、质押到注销，一图了解电子仓单全流程。',
    lead: '电子仓单业务包括货物入库验收、电子仓单签发、质押登记、解押出库和仓单注销等主要环节。',
    points: ['入库验收与称重', '电子仓单签发与存证', '质押登记与融资放款', '还款解押与出库', '仓单注销'],
  },
  {
    title: '政策解读：数据出境安全评估要点',
    summary: '跨境贸易数据处理需关注数据出境安全评估的适用情形和申报流程。',
    lead: '开展跨境贸易业务涉及数据出境的，应当根据有关规定评估是否需要申报数据出境安全评估。',
  },
];

const RECEIPT_TOPIC: Story[] = [
  {
    title: '数字仓单专题：区块链存证如何防范重复质押',
    summary: '仓单信息上链存证，实现签发、质押、解押全流程可追溯。',
    lead: '重复质押是存货融资的主要风险之一。通过将仓单的签发、质押和解押信息上链存证，各参与方可以实时核验仓单状态。',
    tags: ['数字仓单', '区块链'],
  },
  {
    title: '数字仓单专题：监管仓数据接入规范',
    summary: '介绍监管仓接入平台所需的数据项、接口方式和安全要求。',
    lead: '为保证数据质量，平台制定了监管仓数据接入规范，对库存、出入库、视频和告警等数据提出了统一要求。',
    tags: ['数字仓单'],
  },
];

const ANNOUNCEMENTS: Record<PortalSite, { title: string; lead: string }[]> = {
  portalWebsite: [
    {
      title: '关于 2026 年元旦假期业务安排的公告',
      lead: '根据国家法定节假日安排，2026 年 1 月 1 日放假一天。假期期间平台线上业务正常受理，放款业务顺延至节后首个工作日办理。',
    },
    {
      title: '关于平台系统升级维护的公告',
      lead: '为提升服务质量，平台定于本周六 22:00 至次日 6:00 进行系统升级维护，期间暂停融资申请和放款业务。',
    },
    {
      title: '关于调整部分押品质押率的公告',
      lead: '根据近期市场价格波动情况，经风险管理委员会审议，自下月 1 日起调整部分有色金属押品的质押率。',
    },
    {
      title: '关于公开遴选合作监管仓库的公告',
      lead: '为进一步完善监管仓网络，集团现面向社会公开遴选合作监管仓库，欢迎符合条件的仓储企业报名。',
    },
  ],
  portalWebsites: [
    {
      title: '关于数据门户接口升级的公告',
      lead: '数据门户开放接口将于下月完成升级，新版接口支持按品种、地区查询监管仓库存数据，旧版接口同步保留三个月。',
    },
    {
      title: '关于发布押品价格数据服务的公告',
      lead: '平台即日起面向合作机构提供押品价格数据服务，涵盖钢材、有色金属、粮油等 60 余个品种。',
    },
  ],
};

const PAGES: Record<PortalSite, Record<string, { title: string; body: RichTextDocument }>> = {
  portalWebsite: {
    about: {
      title: '关于我们',
      body: doc(
        p(
          '集团是一家专注于供应链金融服务的综合性产业金融集团，以“服务实体经济、赋能产业链”为使命，为核心企业及其上下游中小微企业提供全方位的供应链金融解决方案。',
        ),
        p('集团旗下的供应链金融服务平台整合了贸易、仓储、物流和金融机构资源，形成了覆盖钢材、有色金属、粮油、化工等多个行业的服务网络。'),
        h('联系方式'),
        p(text('总部地址：', true), '北京市朝阳区建国路 88 号现代城 A 座 18 层'),
        p(text('客服热线：', true), '400-820-8899（工作日 9:00—18:00）'),
        p(text('商务合作：', true), 'bd@scf-group.example.cn'),
      ),
    },
    'about/profile': {
      title: '公司简介',
      body: doc(
        p('集团成立于 2012 年，注册资本 50 亿元，总部位于北京，在上海、天津、广州、武汉等地设有区域公司。'),
        h('业务板块'),
        ul(['供应链金融服务平台', '数字监管仓与仓储服务', '大宗商品贸易服务', '供应链数据服务']),
        h('发展历程'),
        ul(['2012 年 集团成立', '2016 年 供应链金融服务平台上线', '2020 年 数字监管仓投入运营', '2025 年 平台交易规模突破 400 亿元']),
        quote('以真实贸易为基础，以科技为手段，以风控为生命线。'),
      ),
    },
    'products/warehouse-receipt-pledge': {
      title: '仓单质押',
      body: doc(
        p('仓单质押是以存放在平台合作监管仓的货物所对应的仓单作为质押物，向金融机构申请融资的业务。'),
        h('产品特点'),
        ul(['质押率最高可达货值的 70%', '支持随借随还、部分解押', '押品价格每日盯市，额度随货值浮动']),
        h('适用对象'),
        p('从事钢材、有色金属、粮油、化工等大宗商品贸易，且库存较大的贸易商和生产企业。'),
      ),
    },
    'products/order-financing': {
      title: '订单融资',
      body: doc(
        p('订单融资是凭核心企业确认的采购订单，为供应商提供备货、生产资金的融资业务。'),
        h('产品特点'),
        ul(['以订单为依据，无需额外抵押', '最快当天放款', '回款自动还款，操作简便']),
      ),
    },
    'products/receivables-financing': {
      title: '应收账款融资',
      body: doc(
        p('应收账款融资是企业将对核心企业的应收账款转让或质押给金融机构，提前获得资金的业务。'),
        h('产品特点'),
        ul(['核心企业在线确权', '融资期限与账期匹配', '支持有追索和无追索两种方式']),
      ),
    },
  },
  portalWebsites: {
    about: {
      title: '关于数据门户',
      body: doc(
        p(
          '数据门户是集团供应链金融服务平台的数据服务窗口，面向合作金融机构、核心企业和监管部门提供监管仓库存、押品价格和业务运行等数据服务。',
        ),
      ),
    },
    'about/profile': {
      title: '平台简介',
      body: doc(
        p('数据门户汇集平台合作监管仓的实时库存、出入库和视频数据，以及 60 余个押品品种的价格数据。'),
        ul(['监管仓库存数据', '押品价格与指数', '平台运营统计', '行业资讯与政策解读']),
      ),
    },
    'about/contact': {
      title: '联系我们',
      body: doc(p(text('数据服务热线：', true), '400-820-8899 转 3'), p(text('电子邮箱：', true), 'data@scf-group.example.cn')),
    },
    'products/warehouse-receipt-pledge': {
      title: '仓单质押',
      body: doc(p('为合作机构提供质押仓单的库存核验、价格盯市和异常预警数据服务。')),
    },
    'products/order-financing': {
      title: '订单融资',
      body: doc(p('为合作机构提供核心企业订单、交付和回款数据，支持订单融资的贷前审核和贷后管理。')),
    },
    'products/receivables-financing': {
      title: '应收账款融资',
      body: doc(p('提供应收账款确权、转让登记查询和回款跟踪数据服务。')),
    },
    'products/data-services': {
      title: '供应链数据服务',
      body: doc(
        p('面向金融机构和产业客户提供标准化数据接口和定制化数据报告。'),
        ul(['库存数据接口', '价格数据接口', '企业经营画像', '定制化行业研究报告']),
      ),
    },
  },
};

const COPY: Record<PortalSite, Record<string, string>> = {
  portalWebsite: {
    title: '中供链集团',
    footerText:
      '中供链集团是专注于供应链金融服务的产业金融集团，依托供应链金融服务平台，为产业链上下游企业提供仓单质押、订单融资、应收账款融资等服务。',
    contactPhone: '400-820-8899',
    contactEmail: 'service@scf-group.example.cn',
    contactAddress: '北京市朝阳区建国路 88 号现代城 A 座 18 层',
    icp: '京ICP备20260188号-1',
    copyright: '© 2012-2026 中供链集团有限公司 版权所有',
  },
  portalWebsites: {
    title: '中供链数据门户',
    footerText: '中供链数据门户提供监管仓库存、押品价格和平台运营数据服务，助力金融机构看清货、管好押品、控住风险。',
    contactPhone: '400-820-8899 转 3',
    contactEmail: 'data@scf-group.example.cn',
    contactAddress: '上海市浦东新区世纪大道 100 号 26 层',
    icp: '京ICP备20260188号-2',
    copyright: '© 2019-2026 中供链集团有限公司 版权所有',
  },
};

/**
 * The layout slots of each site's home page: every slot kind on each site, the ones its home page does not show yet
 * as drafts being prepared (so each slot page of both trees has its row, and the public home pages stay as they are).
 */
type SeedSlot = { title: string; slotKind: SlotKind; columns: string[]; itemCount: number; variant: string; draft?: true };
const SLOTS: Record<PortalSite, SeedSlot[]> = {
  portalWebsite: [
    {
      title: '新闻动态',
      slotKind: 'horizontalNews3',
      columns: ['news/group-news', 'news/media-coverage', 'notices'],
      itemCount: 6,
      variant: 'list',
    },
    { title: '供应链金融创新', slotKind: 'horizontalNews1', columns: ['scf-innovation'], itemCount: 4, variant: 'cards' },
    { title: '行业资讯', slotKind: 'leftRightRow', columns: ['industry/policies', 'industry/market'], itemCount: 5, variant: 'imageLeft' },
    {
      title: '资讯速览',
      slotKind: 'horizontalNews4',
      columns: ['news/group-news', 'industry/policies', 'industry/market', 'notices'],
      itemCount: 4,
      variant: 'list',
    },
    { title: '媒体聚焦', slotKind: 'bottomNews', columns: ['news/media-coverage'], itemCount: 4, variant: 'cards' },
    {
      title: '要闻与行业',
      slotKind: 'threeRow',
      columns: ['news/group-news', 'industry/policies', 'industry/market'],
      itemCount: 5,
      variant: 'list',
      draft: true,
    },
    {
      title: '综合资讯',
      slotKind: 'fourRow',
      columns: ['news/group-news', 'news/media-coverage', 'industry/policies', 'notices'],
      itemCount: 3,
      variant: 'imageTop',
      draft: true,
    },
    { title: '视频中心', slotKind: 'bottomRow', columns: ['videos'], itemCount: 4, variant: 'cards', draft: true },
  ],
  portalWebsites: [
    {
      title: '数据动态',
      slotKind: 'threeRow',
      columns: ['data-news/platform-notices', 'data-news/data-flash', 'industry/commodities'],
      itemCount: 5,
      variant: 'list',
    },
    {
      title: '热点速递',
      slotKind: 'fourRow',
      columns: ['data-news/data-flash', 'industry/commodities', 'industry/policy-reading', 'digital-receipts'],
      itemCount: 3,
      variant: 'imageTop',
    },
    { title: '视频与指南', slotKind: 'bottomRow', columns: ['videos', 'industry/policy-reading'], itemCount: 4, variant: 'list' },
    { title: '数字仓单', slotKind: 'horizontalNews1', columns: ['digital-receipts'], itemCount: 4, variant: 'cards', draft: true },
    {
      title: '平台动态',
      slotKind: 'horizontalNews3',
      columns: ['data-news/platform-notices', 'data-news/data-flash', 'industry/commodities'],
      itemCount: 6,
      variant: 'list',
      draft: true,
    },
    {
      title: '数据速览',
      slotKind: 'horizontalNews4',
      columns: ['data-news/platform-notices', 'data-news/data-flash', 'industry/commodities', 'industry/policy-reading'],
      itemCount: 4,
      variant: 'list',
      draft: true,
    },
    { title: '数据快讯', slotKind: 'bottomNews', columns: ['data-news/data-flash'], itemCount: 4, variant: 'cards', draft: true },
    {
      title: '行情与政策',
      slotKind: 'leftRightRow',
      columns: ['industry/commodities', 'industry/policy-reading'],
      itemCount: 5,
      variant: 'imageLeft',
      draft: true,
    },
  ],
};

// ---- writing it

type Status = 'draft' | 'scheduled' | 'published' | 'publishedWithDraft' | 'withdrawn' | 'expired';

type SeedItem = {
  site: PortalSite;
  type: ContentType;
  data: Record<string, unknown>;
  status: Status;
  /** Days before now it was (or will be, negative) published. */
  daysAgo: number;
  columnId?: number | null;
  sortOrder?: number;
  goLiveAt?: string | null;
  expireAt?: string | null;
  /** publishedWithDraft: the newer draft's changes. */
  newer?: Record<string, unknown>;
};

const iso = (t: number) => new Date(t).toISOString();
/** The date an editor types for publishTime: China Standard Time, to the minute. */
const cst = (t: number) => `${new Date(t + 8 * 3600_000).toISOString().slice(0, 16)}+08:00`;

async function writeItem(trx: Transaction<DB>, item: SeedItem, now: number): Promise<number> {
  const schema = contentDataSchema(item.type);
  const first = schema.parse(item.data) as Record<string, unknown>;
  const latest = item.newer ? (schema.parse({ ...item.data, ...item.newer }) as Record<string, unknown>) : first;
  const version = item.newer ? 2 : 1;
  const at = now - item.daysAgo * DAY;
  const hasLive =
    item.status === 'published' || item.status === 'publishedWithDraft' || item.status === 'withdrawn' || item.status === 'expired';
  const stored = item.status === 'publishedWithDraft' ? 'published' : item.status;
  const htmlOf = (d: Record<string, unknown>) => (d.body ? renderRichText(d.body as RichTextDocument) : null);
  const columnOf = (d: Record<string, unknown>) => (typeof d.columnId === 'number' ? d.columnId : null);
  const user = {
    create_user_id: OWNER.userId,
    create_user_name: OWNER.userName,
    change_user_id: OWNER.userId,
    change_user_name: OWNER.userName,
  };
  const row = await trx
    .insertInto('portal_items')
    .values({
      enterprise_id: OWNER.enterpriseId,
      site: item.site,
      type: item.type,
      title: String(latest.title ?? ''),
      column_id: columnOf(latest),
      slot_kind: typeof latest.slotKind === 'string' ? latest.slotKind : null,
      sort_order: typeof latest.sortOrder === 'number' ? latest.sortOrder : 0,
      status: stored,
      review_state: 'none',
      submitted_version: hasLive || item.status === 'scheduled' ? 1 : null,
      draft: JSON.stringify(latest),
      draft_html: htmlOf(latest),
      version,
      live: hasLive ? JSON.stringify(first) : null,
      live_html: hasLive ? htmlOf(first) : null,
      live_version: hasLive ? 1 : null,
      live_column_id: hasLive ? columnOf(first) : null,
      go_live_at: item.goLiveAt ?? (item.status === 'scheduled' ? iso(at) : null),
      expire_at: item.expireAt ?? null,
      published_at: hasLive ? iso(at) : null,
      ...user,
      // Written when it was (a scheduled item: today, like one approved for later).
      create_time: iso(Math.min(at, now) - DAY),
      update_time: iso(Math.min(item.newer ? at + DAY / 2 : at, now)),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const versions = item.newer ? [first, latest] : [first];
  for (const [i, data] of versions.entries()) {
    await trx
      .insertInto('portal_item_versions')
      .values({
        item_id: row.id,
        version: i + 1,
        title: String(data.title ?? ''),
        data: JSON.stringify(data),
        changed_fields: i === 0 ? Object.keys(data) : Object.keys(item.newer ?? {}),
        note: i === 0 ? '新建' : '修改',
        user_id: OWNER.userId,
        user_name: OWNER.userName,
        create_time: iso(Math.min(i === 0 ? at - DAY : at + DAY / 2, now)),
      })
      .execute();
  }
  const refs = new Set<string>();
  for (const d of versions) {
    const col = columnOf(d);
    if (col !== null) refs.add(`column:${col}`);
    if (Array.isArray(d.columnIds)) for (const c of d.columnIds as number[]) refs.add(`column:${c}`);
    for (const key of ['cover', 'image', 'video', 'poster']) if (typeof d[key] === 'number') refs.add(`media:${d[key]}`);
  }
  if (refs.size) {
    await trx
      .insertInto('portal_item_refs')
      .values(
        [...refs].map((r) => {
          const [kind, id] = r.split(':') as ['column' | 'media', string];
          return { item_id: row.id, ref_kind: kind, ref_id: Number(id) };
        }),
      )
      .execute();
  }
  return row.id;
}

/** The column ids of a site by slug path. */
async function columnPaths(trx: Transaction<DB>, site: PortalSite): Promise<Map<string, number>> {
  const rows = await trx
    .selectFrom('portal_columns')
    .select(['id', 'parent_id', 'slug'])
    .where('enterprise_id', '=', OWNER.enterpriseId)
    .where('site', '=', site)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const pathOf = (id: number): string => {
    const r = byId.get(id)!;
    return r.parent_id === null ? r.slug : `${pathOf(r.parent_id)}/${r.slug}`;
  };
  return new Map(rows.map((r) => [pathOf(r.id), r.id]));
}

/** Every story of a column as an article; the column's first few stories are the newest. */
function articles(
  site: PortalSite,
  columnId: number,
  stories: readonly Story[],
  voice: string[],
  startDay: number,
  step: number,
): SeedItem[] {
  return stories.map((s, i) => {
    const daysAgo = startDay + i * step;
    return {
      site,
      type: 'article',
      status: 'published',
      daysAgo,
      data: {
        title: s.title,
        columnId,
        summary: s.summary,
        body: storyBody(s, voice),
        author: s.author ?? (s.source ? '' : '集团品牌部'),
        source: s.source ?? '集团新闻中心',
        publishTime: cst(Date.now() - daysAgo * DAY),
        tags: s.tags ?? [],
      },
    };
  });
}

export async function seedPortalContent(trx: Transaction<DB>): Promise<void> {
  const now = Date.now();
  for (const site of ['portalWebsite', 'portalWebsites'] as const) {
    await trx
      .insertInto('portal_site_publishers')
      .values({ site, enterprise_id: OWNER.enterpriseId })
      .onConflict((oc) => oc.column('site').doNothing())
      .execute();
    const col = await columnPaths(trx, site);
    const id = (path: string) => {
      const c = col.get(path);
      if (c === undefined) throw new Error(`seedPortalContent: no column ${site}:${path}`);
      return c;
    };
    const media = await seedMediaIds(trx, OWNER.enterpriseId, site);
    const images = [...media.entries()].filter(([name]) => !VIDEO_FILE.test(name)).map(([, mediaId]) => mediaId);
    const videos = [...media.entries()].filter(([name]) => VIDEO_FILE.test(name)).map(([, mediaId]) => mediaId);
    const image = (i: number): number | null => (images.length ? images[i % images.length]! : null);

    const items: SeedItem[] = [];
    if (site === 'portalWebsite') {
      items.push(
        ...articles(site, id('news/group-news'), GROUP_NEWS, COLUMN_VOICE.news!, 1, 6),
        ...articles(site, id('news/media-coverage'), MEDIA_COVERAGE, COLUMN_VOICE.news!, 3, 9),
        ...articles(site, id('industry/policies'), POLICIES, COLUMN_VOICE.industry!, 2, 11),
        ...articles(site, id('industry/market'), MARKET, COLUMN_VOICE.industry!, 1, 7),
        ...articles(site, id('scf-innovation'), TOPIC, COLUMN_VOICE.topic!, 5, 15),
        ...articles(site, id('scf-innovation'), CASES, COLUMN_VOICE.topic!, 4, 20),
      );
    } else {
      items.push(
        ...articles(site, id('data-news/data-flash'), DATA_FLASH, COLUMN_VOICE.industry!, 1, 8),
        ...articles(site, id('industry/commodities'), COMMODITIES, COLUMN_VOICE.industry!, 2, 5),
        ...articles(site, id('industry/policy-reading'), POLICY_READING, COLUMN_VOICE.industry!, 6, 12),
        ...articles(site, id('digital-receipts'), RECEIPT_TOPIC, COLUMN_VOICE.topic!, 3, 14),
      );
    }
    // Covers on the newest articles, when the library has images.
    items.forEach((it, i) => {
      if (i % 3 === 0 && image(i) !== null) it.data.cover = image(i);
    });
    // A few articles in each other status.
    const statuses: { at: number; status: Status; extra?: Partial<SeedItem> }[] = [
      { at: 1, status: 'publishedWithDraft', extra: { newer: { summary: '（修订中）更新了合作银行名单与授信数据。' } } },
      { at: 4, status: 'withdrawn' },
      { at: 6, status: 'expired', extra: { expireAt: iso(now - 2 * DAY) } },
    ];
    for (const s of statuses) if (items[s.at]) Object.assign(items[s.at]!, { status: s.status, ...s.extra });
    const notices = site === 'portalWebsite' ? id('notices') : id('data-news/platform-notices');
    const voice = COLUMN_VOICE.notices!;
    ANNOUNCEMENTS[site].forEach((a, i) => {
      items.push({
        site,
        type: 'announcement',
        status: 'published',
        daysAgo: 2 + i * 10,
        data: {
          title: a.title,
          columnId: notices,
          body: doc(p(a.lead), p(voice[0]!), p(voice[1]!)),
          publishTime: cst(now - (2 + i * 10) * DAY),
        },
      });
    });
    // A draft and a scheduled announcement, not on the site yet.
    items.push(
      {
        site,
        type: 'announcement',
        status: 'draft',
        daysAgo: 0,
        data: {
          title: '关于开展年度合作机构评价工作的通知（草稿）',
          columnId: notices,
          body: doc(p('为做好年度合作机构评价工作，现将有关事项通知如下。'), p(voice[1]!)),
        },
      },
      {
        site,
        type: 'article',
        status: 'scheduled',
        daysAgo: -3,
        data: {
          title: site === 'portalWebsite' ? '集团年度工作会议即将召开' : '平台 11 月业务数据快报',
          columnId: site === 'portalWebsite' ? id('news/group-news') : id('data-news/data-flash'),
          summary: '定时发布的内容，到点后自动上线。',
          body: doc(p('本内容已通过审批，将于设定时间自动发布。')),
          publishTime: cst(now + 3 * DAY),
          tags: [],
        },
      },
    );
    // The picture-text single page of each page column.
    for (const [path, page] of Object.entries(PAGES[site])) {
      items.push({
        site,
        type: 'pictureTextPage',
        status: 'published',
        daysAgo: 60,
        data: { title: page.title, columnId: id(path), cover: path === 'about/profile' ? image(0) : null, body: page.body },
      });
    }
    items.push({ site, type: 'websiteCopy', status: 'published', daysAgo: 90, data: { ...COPY[site] } });
    SLOTS[site].forEach((s, i) => {
      items.push({
        site,
        type: 'layoutSlot',
        status: s.draft ? 'draft' : 'published',
        daysAgo: s.draft ? 2 : 30,
        data: {
          title: s.title,
          slotKind: s.slotKind,
          columnIds: s.columns.map(id),
          itemCount: s.itemCount,
          variant: s.variant,
          sortOrder: i,
        },
      });
    });
    // What needs files: banners (one scheduled, one expired), picture-text cards and videos.
    if (images.length) {
      const banners =
        site === 'portalWebsite'
          ? [
              '数字监管仓 让每一吨货物看得见',
              '供应链金融服务平台交易规模突破 500 亿元',
              '绿色供应链金融行动方案发布',
              '2026 合作伙伴大会（即将开幕）',
              '2025 年度回顾（已结束）',
            ]
          : ['监管仓库存数据实时可查', '押品价格指数正式发布', '数据接口升级（即将上线）', '三季度数据发布（已结束）'];
      banners.forEach((title, i) => {
        const last = i === banners.length - 1;
        const scheduled = i === banners.length - 2;
        items.push({
          site,
          type: 'banner',
          status: scheduled ? 'scheduled' : 'published',
          daysAgo: scheduled ? -5 : 10 + i,
          sortOrder: i,
          goLiveAt: scheduled ? iso(now + 5 * DAY) : last ? iso(now - 40 * DAY) : null,
          expireAt: last ? iso(now - 10 * DAY) : null,
          data: { title, image: image(i), linkUrl: i === 0 ? '/c/products' : '', sortOrder: i },
        });
      });
      const cards = site === 'portalWebsite' ? id('scf-innovation') : id('digital-receipts');
      ['平台风控体系', '监管仓网络', '合作金融机构'].forEach((title, i) => {
        items.push({
          site,
          type: 'pictureTextItem',
          status: 'published',
          daysAgo: 20 + i,
          data: { title, columnId: cards, cover: image(i + 1), summary: `${title}概览`, body: null, linkUrl: '', sortOrder: i },
        });
      });
    }
    if (videos.length && images.length) {
      // Each site shows both video types: its own videos and the industry-news videos.
      const videoItems: { type: 'video' | 'industryVideo'; column: string; title: string }[] =
        site === 'portalWebsite'
          ? [
              { type: 'industryVideo', column: 'videos/industry-videos', title: '三分钟了解仓单质押' },
              { type: 'industryVideo', column: 'videos/industry-videos', title: '数字监管仓探访' },
              { type: 'video', column: 'videos', title: '集团供应链金融服务宣传片' },
              { type: 'video', column: 'videos', title: '2026 合作伙伴大会回顾' },
            ]
          : [
              { type: 'video', column: 'videos/guides', title: '数据门户使用指南' },
              { type: 'video', column: 'videos/guides', title: '如何查询监管仓库存' },
              { type: 'industryVideo', column: 'videos/industry-videos', title: '大宗商品价格指数解读' },
              { type: 'industryVideo', column: 'videos/industry-videos', title: '仓单数据如何服务融资' },
            ];
      videoItems.forEach(({ type, column, title }, i) => {
        items.push({
          site,
          type,
          status: 'published',
          daysAgo: 8 + i * 9,
          data: {
            title,
            columnId: id(column),
            video: videos[i % videos.length],
            poster: image(i),
            duration: 180 + i * 95,
            summary: `${title}（视频）`,
          },
        });
      });
    }
    for (const item of items) await writeItem(trx, item, now);
  }
}
