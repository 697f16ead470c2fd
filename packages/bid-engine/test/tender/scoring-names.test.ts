/**
 * Issue 23: a scoring row the table leaves unnamed (a merged 内容 cell over rows that hold only their criterion sentence)
 * is named by what the sentence scores, not by the sentence — generated tables, never corpus text.
 */
import { describe as group, expect, it } from 'vitest';
import { heading, modelFile, table } from '../fixtures/model.js';
import { describe } from '../../src/tender/rules/scoring-points.js';
import { scoringFromModel } from '../../src/tender/rules/scoring-model.js';

group('a row named from a criterion that grades alternatives', () => {
  it('what the graded alternatives share, without the grade (中级/高级, 一级/二级 of one certificate)', () => {
    expect(describe('投标人拟派本项目的技术负责人具有中级电气工程专业技术职称证书得2分，具有高级电气工程专业技术职称证书得4分。')).toBe(
      '技术负责人电气工程专业技术职称证书',
    );
    expect(describe('项目经理持有二级建造师注册证书得3分，持有一级建造师注册证书得6分')).toBe('项目经理建造师注册证书');
  });

  it('alternatives that share too little keep the first clause (the grade is then what is scored)', () => {
    expect(describe('具有一级资质得5分，具有二级资质得3分')).toBe('一级资质');
    expect(describe('具有ISO认证得2分，具有CMMI认证得3分')).toBe('ISO认证');
  });
});

group('a row named from a criterion that qualifies the thing by a period and a comparison', () => {
  it('「具备近三年内具有与本项目类似的业绩」 is 类似业绩; the period alone is dropped too', () => {
    expect(describe('投标人具备近三年内具有与本项目类似的业绩（且服务期≥6个月），具有一个得2分，具有两个得4分。')).toBe('类似业绩');
    expect(describe('近五年承担过同类项目运维服务的，每个得1分')).toBe('同类项目运维服务');
  });
});

group('an unnamed row under a merged 内容 cell, in a table', () => {
  it('the rows are named by what they score and keep the sentence as criteria', () => {
    const m = scoringFromModel(
      modelFile([
        heading(20, '资信分评审表'),
        table(20, [
          ['内容', '评分标准', '分值'],
          [{ t: '资信分（100分），权重10%', rs: 3 }, '投标人统一得基本分80分', '80'],
          ['投标人拟派本项目的项目经理具有中级信息系统专业技术人员证书得5分，具有高级信息系统专业技术人员证书得10分。', '10'],
          ['投标人具备近三年内具有与本项目类似的业绩，具有一个得5分，具有两个得10分。', '10'],
        ]),
      ]).model!,
    );
    const items = m.rows.map((r) => [r.item.replace(/^.*-/, ''), r.points]);
    expect(items).toContainEqual(['项目经理信息系统专业技术人员证书', 10]);
    expect(items).toContainEqual(['类似业绩', 10]);
    const cert = m.rows.find((r) => r.item.endsWith('项目经理信息系统专业技术人员证书'))!;
    expect(cert.criteria).toContain('具有高级信息系统专业技术人员证书得10分');
  });
});
