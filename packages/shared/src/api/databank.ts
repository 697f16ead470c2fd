/**
 * The data bank (issue 14, 资料库): the company's documents — licences, certificates, contracts, statements — each with
 * its file, type and fields. What the calls answer, and the words screens and tests share.
 */
export const DATA_DOC_TYPES = ['营业执照', '资质证书', 'ISO 认证', '人员证书', '业绩合同', '财务报表', '纳税证明', '社保证明', '信用报告', '其他'] as const;
export type DataDocType = (typeof DATA_DOC_TYPES)[number];
export type DataFileKind = 'pdf' | 'docx' | 'png' | 'jpeg';

/** The fields a document carries; dates `YYYY-MM-DD`, amount in yuan (2 decimals at most). */
export interface DataDocFields {
  type: DataDocType;
  name: string;
  number: string | null;
  creditCode: string | null;
  issuer: string | null;
  validFrom: string | null;
  expiry: string | null;
  /** 人员证书 */
  person: string | null;
  /** 业绩合同 */
  client: string | null;
  year: number | null;
  amount: number | null;
  tags: string[];
}

export interface DataDocItem extends DataDocFields {
  id: string;
  fileName: string;
  fileKind: DataFileKind;
  mime: string;
  size: number;
  /** days from today (Asia/Shanghai) to the expiry; negative once expired; null without an expiry */
  daysLeft: number | null;
  createTime: string;
  updateTime: string;
}

/** An uploaded file before it is saved: the fields proposed from its text, for the user to confirm. */
export interface DataDocDraft {
  id: string;
  fileName: string;
  fileKind: DataFileKind;
  size: number;
  proposal: Omit<DataDocFields, 'tags' | 'year' | 'amount'>;
  /** the text could not be read: the file is kept, the fields are typed by hand */
  readError: string | null;
  /** characters of text read (0: nothing to propose from) */
  chars: number;
  /** the reading of its text (a capped job): queued → running → done (its proposal filled in) | failed */
  readState: 'queued' | 'running' | 'done' | 'failed';
  /** what the reading had to do (a picture scaled down before OCR…), else null */
  readNotice: string | null;
}

/** `databank.read` on `/user/{id}/notice`: a draft's reading ended. */
export interface DataDocReadMessage {
  docId: string;
  state: 'done' | 'failed';
}

/** `databank.expiring` on `/user/{id}/notice`, 30 days before a document expires (once per document and expiry). */
export interface DataDocExpiringMessage {
  docId: string;
  name: string;
  type: DataDocType;
  expiry: string;
  daysLeft: number;
}

/**
 * 「从资料库插入」 for one section of a bid: the document types the section asks for (`matched`, from its title, scoring
 * rows and requirement items), the owner's documents of the types asked (`types`), and the content to insert — the
 * certificate table, the performance table and each picture with its caption — as an editor document whose blocks the
 * editor inserts.
 */
export interface DataSectionMaterial {
  matched: DataDocType[];
  types: DataDocType[];
  docs: { id: string; type: DataDocType; name: string; fileKind: DataFileKind; expiry: string | null; daysLeft: number | null }[];
  doc: import('./writing.js').EditorJson;
}

export const DATA_LIMITS = {
  name: 100,
  field: 100,
  tag: 20,
  tags: 10,
  /** the expiring list: what expires within this many days */
  expiringDays: 90,
  /** the realtime notice: this many days before */
  noticeDays: 30,
} as const;

export const DATA_TEXTS = {
  notFound: '资料不存在',
  saved: '已保存到资料库',
  deleted: '已删除',
  expired: '已过期',
  daysLeft: (n: number) => (n === 0 ? '今天到期' : `剩余 ${n} 天`),
  expiringNotice: (name: string, n: number) => `资料「${name}」将在 ${n} 天后到期，请及时更新`,
  badDate: '日期格式应为 YYYY-MM-DD',
  expiryBeforeFrom: '有效期至不能早于发证日期',
  badCreditCode: '统一社会信用代码应为 18 位，且校验位正确',
  tooManyTags: `标签最多 ${DATA_LIMITS.tags} 个`,
  fileLost: '资料文件已丢失，请重新上传',
  readFailed: '未能读取文件中的文字，请手动填写各项信息',
  notLeaf: '该章节不存在或不是可编写的章节',
  badTypes: '资料类型不正确',
  nothingToInsert: '资料库中没有本节所需类型的资料',
  inserted: (n: number) => `已从资料库插入 ${n} 份资料`,
} as const;
