// Business constants of the specification (section 9 and the tables of sections 2.3 and 3).

export const CONTRACT_TYPE_PREFIX = 'MLZZHFWPT_CONTACTTYPE_';
export const CONTRACT_TYPE_SUFFIXES = ['CGHT', 'XSHT', 'WLHT', 'JGHT', 'HYHT', 'DBHT', 'QTHT', 'XSDD', 'CGDD'] as const;
export type ContractTypeSuffix = (typeof CONTRACT_TYPE_SUFFIXES)[number];
export type ContractTypeKey = `${typeof CONTRACT_TYPE_PREFIX}${ContractTypeSuffix}`;
export const CONTRACT_TYPE_KEYS = CONTRACT_TYPE_SUFFIXES.map((s) => `${CONTRACT_TYPE_PREFIX}${s}` as ContractTypeKey);
export const CONTRACT_TYPE_NAMES = {
  CGHT: '采购合同',
  XSHT: '销售合同',
  WLHT: '物流合同',
  JGHT: '监管合同',
  HYHT: '化验合同',
  DBHT: '担保合同',
  QTHT: '其他合同',
  XSDD: '销售订单',
  CGDD: '采购订单',
} as const satisfies Record<ContractTypeSuffix, string>;
/** The purchase-contract key: the available-project picker sends type 1 for it, else 2. */
export const PURCHASE_CONTRACT_KEY: ContractTypeKey = 'MLZZHFWPT_CONTACTTYPE_CGHT';

export const DOCUMENT_TYPE_GROUP = 'business_documentType';
export const AGREEMENT_DATA_PACK_DOC_TYPE = 'MLZZHFWPT_DOCTYPE_XYHTLZL';
export const CONTRACT_DRAFT_DOC_TYPE = 'MLZZHFWPT_DOCTYPE_HTCG';

export const RISK_TYPES = {
  17: 'blacklist',
  18: 'chattelMortgage',
  19: 'equityPledge',
  20: 'businessAnomaly',
  21: 'judicialAuction',
  22: 'seriousViolation',
  23: 'courtNotice',
  24: 'enforcement',
  25: 'administrativePenalty',
  27: 'licenceExpiry',
  28: 'businessScopeChange',
  29: 'legalRepresentativeChange',
  30: 'registeredCapitalChange',
} as const;
export type RiskType = keyof typeof RISK_TYPES;
export const RISK_TYPE_CODES = Object.keys(RISK_TYPES).map(Number) as RiskType[];

export const DEFAULT_GOODS_CATEGORY_KEY = 'goods_category_all';
export const WAREHOUSE_MAX_GOODS_SHOWN = 3;
export const ALERT_PAGE_SIZE = 5;
export const TIMELINE_COLLAPSED_ENTRIES = 2;
export const ADDRESS_PAGE_SIZE = 10;
export const ADDRESS_DIALOG_WIDTH = 600;
export const ADDRESS_TABLE_HEIGHT = 450;
export const REQUEST_TIMEOUT_MS = 5000;
export const ERROR_TOAST_SECONDS = 5;

export const MB = 1024 * 1024;
export const DOCUMENT_MAX_MB = 10;
export const DOCUMENT_LARGE_MAX_MB = 200;
export const IMAGE_MAX_MB = 20;
export const IMAGE_MAX_COUNT = 3;
export const IMAGE_TYPES = ['jpg', 'jpeg', 'png', 'gif'] as const;

export const LANGUAGES = ['zh', 'en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh';

export const SIDEBAR_COOKIE = 'sidebarStatus';
/** The access token for links opened in a new window (files, print views); set by the server, HttpOnly. */
export const TOKEN_COOKIE = 'Token';
/** The refresh token of the browser: HttpOnly, SameSite=Strict, sent only to the refresh call. */
export const REFRESH_COOKIE = 'tfb_refresh';
/**
 * How the tabs of one browser share a session: one refresh at a time under this Web Lock (a refresh token works
 * once, so two tabs must never spend the same one), and new access tokens and logouts told over this channel.
 */
export const BROWSER_SESSION = { refreshLock: 'tfb-session-refresh', channel: 'tfb-session' } as const;

/** The warehouse-operator organisation of spec section 6 (matched by personal organisation id). */
export const WAREHOUSE_OPERATOR_ORG_ID = 'org-warehouse-operator';
export const ADMIN_ROLE = 'admin';
