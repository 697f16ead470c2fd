import { describe, expect, it } from 'vitest';
import { certificateNamed, checkRequirement, deadlineDay, levelOf, namesCertificate, shanghaiDay, type ReportEnterprise } from './qualify.js';

const DATES = { deadline: '2027-03-18', today: '2027-01-10' };

const ENT: ReportEnterprise = {
  name: '江州智联科技有限公司',
  creditCode: '91330100MA2ABCDE1X',
  qualifications: [
    { name: '信息技术服务标准（ITSS）符合性证书 二级', number: 'ITSS-2025-01', expiry: '2029-06-30' },
    { name: 'ISO9001质量管理体系认证', expiry: '2027-02-28' },
    { name: '安全生产许可证', expiry: '2026-12-31' },
    { name: '建筑业企业资质证书 施工总承包三级', expiry: '长期有效' },
    { name: '物业服务企业资质', expiry: '' },
  ],
  staff: [
    { name: '王建华', role: '项目经理', title: '高级工程师', certificate: '一级建造师' },
    { name: '李敏', role: '技术负责人', title: '中级工程师' },
  ],
  projects: [
    { name: '江东区智慧社区平台项目', client: '江东区大数据中心', year: 2025, amount: '268 万元' },
    { name: '滨江园区安防改造项目', year: '2021' },
    { name: '城西数据中心运维项目', year: '' },
  ],
};

const check = (text: string, ent: ReportEnterprise = ENT, dates = DATES) => checkRequirement(text, ent, dates);

describe('certificate names', () => {
  it('match by scheme code, by core name, and not across codes', () => {
    expect(namesCertificate('具备信息系统集成及服务资质（ITSS）三级及以上', 'ITSS 运维二级')).toBe(true);
    expect(namesCertificate('具有ＩＳＯ　９００１质量管理体系认证', 'ISO9001质量管理体系认证')).toBe(true);
    expect(namesCertificate('具有ISO27001信息安全管理体系认证', 'ISO9001质量管理体系认证')).toBe(false);
    expect(namesCertificate('具有有效的安全生产许可证', '安全生产许可证')).toBe(true);
    expect(namesCertificate('具有有效的食品经营许可证', '安全生产许可证')).toBe(false);
    expect(namesCertificate('具有建筑工程施工总承包三级及以上资质', '建筑业企业资质证书 施工总承包二级')).toBe(true);
  });

  it('read grades: 一级/甲级 above 二级/乙级, none when the text states none', () => {
    expect(levelOf('施工总承包三级及以上')).toMatchObject({ rank: 3 });
    expect(levelOf('工程设计甲级')).toMatchObject({ rank: 1 });
    expect(levelOf('ＩＴＳＳ　２级')).toMatchObject({ rank: 2 });
    expect(levelOf('安全生产许可证')).toBeNull();
  });
});

describe('checkRequirement', () => {
  it('held: a certificate of a good-enough grade valid through the deadline, with what matched', () => {
    const r = check('具备信息系统集成及服务资质（ITSS）三级及以上，提供有效证书复印件');
    expect(r).toMatchObject({ state: 'held', kind: 'certificate' });
    expect(r.basis).toContain('有效期至 2029-06-30');
  });

  it('expiring: valid today but lapsing before the bid deadline', () => {
    const r = check('投标人须通过ISO9001质量管理体系认证');
    expect(r.state).toBe('expiring');
    expect(r.basis).toContain('2027-03-18');
  });

  it('missing: lapsed already, a lower grade, a certificate the user does not hold', () => {
    expect(check('具有有效的安全生产许可证').state).toBe('missing');
    expect(check('具有有效的安全生产许可证').basis).toContain('已过期');
    const grade = check('具有建筑工程施工总承包二级及以上资质');
    expect(grade.state).toBe('missing');
    expect(grade.basis).toContain('三级');
    expect(check('具有ISO27001信息安全管理体系认证').state).toBe('missing');
    expect(check('具有人力资源和社会保障局《劳务派遣经营许可证》。')).toMatchObject({ state: 'missing', basis: '企业资质证书中未找到「劳务派遣经营许可证」' });
    expect(check('响应单位必须获得上海市电子签名认证证书（CA 认证证书）').basis).toContain('上海市电子签名认证证书');
    // two codes asked, one held
    const both = check('具有ISO9001及ISO14001认证证书');
    expect(both.state).toBe('missing');
    expect(both.basis).toContain('ISO14001');
  });

  it('a lapsed certificate is missing even when the deadline is earlier than today', () => {
    expect(check('投标人须通过ISO9001质量管理体系认证', ENT, { deadline: '2027-03-18', today: '2027-04-01' }).state).toBe('missing');
  });

  it('manual: the grade is not written down, nothing entered, or nothing the facts can show', () => {
    const noLevel = check('具有物业服务企业二级及以上资质');
    expect(noLevel.state).toBe('manual');
    expect(noLevel.basis).toContain('未写明等级');
    expect(check('具有有效的安全生产许可证', { qualifications: [] }).state).toBe('manual');
    expect(check('具有良好的商业信誉和健全的财务会计制度').state).toBe('manual');
    expect(check('本项目不接受联合体投标').state).toBe('manual');
    expect(check('参加政府采购活动前三年内，在经营活动中没有重大违法记录').state).toBe('manual');
  });

  it('a long list of conditions that names no certificate is not 「缺少」', () => {
    const list =
      '投标人应遵守《中华人民共和国政府采购法》等法律法规，并符合下列条件：（1）具有独立承担民事责任的能力；（2）具有良好的商业信誉；（3）具有履行合同所必需的设备和专业技术能力；（4）未被列入失信被执行人名单。';
    expect(check(list).state).toBe('manual');
    expect(certificateNamed(list)).toBeNull();
    expect(certificateNamed('具有有效的安全生产许可证')).toEqual({ name: '安全生产许可证', quoted: false });
  });

  it('a business licence stands on the credit code', () => {
    expect(check('具有独立承担民事责任的能力，提供营业执照副本复印件').state).toBe('held');
    expect(check('具有独立承担民事责任的能力，提供营业执照副本复印件', { qualifications: ENT.qualifications }).state).toBe('manual');
  });

  it('staff: titles and practising certificates, higher grades count, a missing one is named', () => {
    const pm = check('拟派项目经理须具有一级建造师证书及高级工程师职称');
    expect(pm).toMatchObject({ state: 'held', kind: 'staff' });
    expect(pm.basis).toContain('王建华');
    expect(check('项目负责人须具有二级建造师执业资格').state).toBe('held');
    expect(check('技术负责人须具有中级及以上职称').state).toBe('held');
    const lack = check('项目负责人须具有注册监理工程师证书');
    expect(lack.state).toBe('missing');
    expect(lack.basis).toContain('监理工程师');
    expect(check('项目经理须具有高级工程师职称', { staff: [] }).state).toBe('manual');
  });

  it('projects: counted within the years asked, an unknown year counted, too few is missing', () => {
    const r = check('近三年内具有不少于2个类似项目业绩');
    expect(r).toMatchObject({ state: 'held', kind: 'project' });
    expect(r.basis).toContain('江东区智慧社区平台项目');
    expect(r.basis).not.toContain('滨江园区安防改造项目');
    expect(check('近三年内具有不少于3个类似项目业绩').state).toBe('missing');
    expect(check('近三年内具有类似项目业绩', { projects: [] }).state).toBe('manual');
  });
});

describe('dates', () => {
  it('the deadline day and today in Shanghai', () => {
    expect(deadlineDay('2026-03-18 09:30')).toBe('2026-03-18');
    expect(deadlineDay('2026-03-18')).toBe('2026-03-18');
    expect(deadlineDay(null)).toBeNull();
    expect(shanghaiDay(new Date('2026-03-17T16:30:00Z'))).toBe('2026-03-18');
  });
});
