/** Names of scoring rows derived from their criteria when the table prints none (a sub-row of a merged factor). */
import { describe as group, expect, it } from 'vitest';
import { describe } from './scoring-points.js';

group('describe: a row named from its criteria', () => {
  it('a management-system certificate row is named by the systems it lists, as evaluators call it', () => {
    expect(describe('投标单位具有有效质量管理体系认证证书的得1分；具有有效职业健康安全管理体系认证证书的得1分。')).toBe(
      '质量管理体系/职业健康安全管理体系认证',
    );
    expect(describe('具备质量管理体系、环境管理体系和职业健康安全管理体系认证的，每项得1分')).toBe('质量管理体系/环境管理体系/职业健康安全管理体系认证');
  });

  it('other rows keep their leading phrase', () => {
    expect(describe('根据投标人提供的应急预案进行评审')).toBe('应急预案');
  });
});
