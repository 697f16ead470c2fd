import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { EnterpriseInfo } from '@btz/shared';
import type { TestServer } from '../apps/server/test/harness.js';
import { launch, shot } from './browser.js';
import { WAIT, loggedInPage, onPath, startE2eServer, visible } from './flows.js';

/**
 * 企业信息 through Chromium: the form is filled section by section (基本信息, 联系人, 资质证书, 主要人员, 类似业绩), saved
 * (「保存成功」), read back over the API the way the writer's loader reads it, and kept across a reload; a credit code
 * with a wrong check digit is refused in Chinese and nothing is saved; CompleteEntDialog asks for the essentials,
 * prefilled, and saves them. Expected texts are written out here.
 */

const GOOD_CODE = '91350100M000100Y43';
const BAD_CODE = '91350100M000100Y44';

let t: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let token: string;

beforeAll(async () => {
  const [server, b] = await Promise.all([startE2eServer(), launch()]);
  t = server;
  browser = b;
  ({ context, page, errors, token } = await loggedInPage(browser, t));
});

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
  await t?.close();
});

async function serverInfo(): Promise<EnterpriseInfo> {
  const res = await t.api('/btz/enterprise/info/get', { token });
  expect(res.json?.success, res.text).toBe(true);
  return res.json.data as EnterpriseInfo;
}

const field = (p: Page, id: string) => p.locator(`#enterprise_${id}`);
const section = (p: Page, title: string) => p.locator('section.ent-section').filter({ has: p.getByRole('heading', { name: title, exact: true }) });

async function fillExpiry(p: Page, id: string, date: string) {
  const input = field(p, id);
  await input.click();
  await input.fill(date);
  await input.press('Enter');
  await expect.poll(() => input.inputValue(), { timeout: WAIT }).toBe(date);
}

describe('企业信息', () => {
  it('fills every section, saves with 「保存成功」, and keeps the values across a reload', async () => {
    await page.goto(`${t.url}/workbench/data/EnterpriseInfo`);
    await visible(page.getByRole('heading', { name: '企业信息', level: 1 }));
    for (const title of ['基本信息', '联系人', '资质证书', '主要人员', '类似业绩']) await visible(section(page, title));
    await visible(page.getByText('AI 只会使用你在这里确认过的企业事实'));

    await field(page, 'name').fill('杭州示例信息技术有限公司');
    await field(page, 'creditCode').fill(GOOD_CODE.toLowerCase());
    await field(page, 'legalRep').fill('王建国');
    await field(page, 'address').fill('浙江省杭州市西湖区文三路 100 号');

    await section(page, '联系人').getByRole('button', { name: '添加联系人' }).click();
    await field(page, 'contacts_0_name').fill('李娜');
    await field(page, 'contacts_0_phone').fill('13800138000');
    await field(page, 'contacts_0_role').fill('商务经理');
    // a second row, removed again
    await section(page, '联系人').getByRole('button', { name: '添加联系人' }).click();
    await field(page, 'contacts_1_name').fill('临时联系人');
    await page.getByRole('button', { name: '删除第 2 条联系人' }).click();
    await expect.poll(() => field(page, 'contacts_1_name').count()).toBe(0);

    const quals = section(page, '资质证书');
    await quals.getByRole('button', { name: '添加资质证书' }).click();
    await field(page, 'qualifications_0_name').fill('ISO9001 质量管理体系认证');
    await field(page, 'qualifications_0_number').fill('Q-2024-001');
    await fillExpiry(page, 'qualifications_0_expiry', '2099-12-31');
    await quals.getByRole('button', { name: '添加资质证书' }).click();
    await field(page, 'qualifications_1_name').fill('营业执照');
    await quals.getByTestId('ent-row-qualifications-1').getByRole('checkbox', { name: '长期有效' }).check();
    await quals.getByRole('button', { name: '添加资质证书' }).click();
    await field(page, 'qualifications_2_name').fill('安全生产许可证');
    await fillExpiry(page, 'qualifications_2_expiry', '2020-06-30');
    await visible(quals.getByTestId('ent-row-qualifications-2').getByText('已过期'));

    await section(page, '主要人员').getByRole('button', { name: '添加人员' }).click();
    await field(page, 'staff_0_name').fill('陈明');
    await field(page, 'staff_0_role').fill('项目经理');
    await field(page, 'staff_0_title').fill('高级工程师');
    await field(page, 'staff_0_certificate').fill('一级建造师');

    await section(page, '类似业绩').getByRole('button', { name: '添加业绩' }).click();
    await field(page, 'projects_0_name').fill('某市智慧园区建设项目');
    await field(page, 'projects_0_client').fill('某市城投集团');
    await field(page, 'projects_0_year').fill('2024');
    await field(page, 'projects_0_amount').fill('860 万元');

    // Enter in a date field confirmed the date but saved nothing yet
    expect(await page.locator('.ent-footer__time').textContent()).toBe('尚未保存');
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/btz/enterprise/info/save');
    await page.getByTestId('ent-save').click();
    expect((await (await saved).json()).success).toBe(true);
    await visible(page.locator('.ant-message').getByText('保存成功'));
    await visible(page.getByText(/^最后保存：\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/));

    const info = await serverInfo();
    expect(info).toMatchObject({
      name: '杭州示例信息技术有限公司',
      creditCode: GOOD_CODE,
      legalRep: '王建国',
      address: '浙江省杭州市西湖区文三路 100 号',
      contacts: [{ name: '李娜', phone: '13800138000', role: '商务经理' }],
      qualifications: [
        { name: 'ISO9001 质量管理体系认证', number: 'Q-2024-001', expiry: '2099-12-31' },
        { name: '营业执照', number: '', expiry: '长期有效' },
        { name: '安全生产许可证', number: '', expiry: '2020-06-30' },
      ],
      staff: [{ name: '陈明', role: '项目经理', title: '高级工程师', certificate: '一级建造师' }],
      projects: [{ name: '某市智慧园区建设项目', client: '某市城投集团', year: '2024', amount: '860 万元' }],
    });

    await page.reload();
    await visible(field(page, 'name'));
    expect(await field(page, 'name').inputValue()).toBe('杭州示例信息技术有限公司');
    expect(await field(page, 'creditCode').inputValue()).toBe(GOOD_CODE);
    expect(await field(page, 'legalRep').inputValue()).toBe('王建国');
    expect(await field(page, 'contacts_0_phone').inputValue()).toBe('13800138000');
    expect(await field(page, 'qualifications_0_expiry').inputValue()).toBe('2099-12-31');
    expect(await page.getByTestId('ent-row-qualifications-1').getByRole('checkbox', { name: '长期有效' }).isChecked()).toBe(true);
    expect(await field(page, 'staff_0_certificate').inputValue()).toBe('一级建造师');
    expect(await field(page, 'projects_0_amount').inputValue()).toBe('860 万元');
    await visible(page.getByTestId('ent-row-qualifications-2').getByText('已过期'));
    await shot(page, 'enterprise-info');
    await section(page, '资质证书').scrollIntoViewIfNeeded();
    await shot(page, 'enterprise-info-lists');
    await section(page, '类似业绩').scrollIntoViewIfNeeded();
    await shot(page, 'enterprise-info-staff-projects');
  });

  it('refuses a credit code with a wrong check digit in Chinese, and saves nothing', async () => {
    await page.goto(`${t.url}/workbench/data/EnterpriseInfo`);
    await visible(field(page, 'creditCode'));
    await field(page, 'creditCode').fill(BAD_CODE);
    await visible(page.getByText('统一社会信用代码校验位不正确，请核对后重新输入'));

    let sent = false;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/btz/enterprise/info/save') sent = true;
    });
    await page.getByTestId('ent-save').click();
    await visible(page.getByTestId('ent-error').getByText('请按提示修改标红的内容后再保存'));
    await field(page, 'creditCode').scrollIntoViewIfNeeded();
    await shot(page, 'enterprise-info-bad-code');
    expect(sent).toBe(false);
    expect((await serverInfo()).creditCode).toBe(GOOD_CODE);
  });

  it('shows the server’s Chinese message when the server refuses the save', async () => {
    // the page refuses the bad code itself; the server says the same when a client skips that check
    const res = await t.api('/btz/enterprise/info/save', { token, body: { creditCode: BAD_CODE } });
    expect(res.json).toMatchObject({ code: 400, msg: '统一社会信用代码（creditCode）：校验位不正确，请核对后重新输入' });
  });

  it('CompleteEntDialog asks for the essentials, prefilled, and saves them without touching the rest', async () => {
    await t.api('/btz/enterprise/info/save', { token, body: { legalRep: '' } });
    await page.goto(`${t.url}/workbench/data/CompleteEntDialog`);
    const dialog = page.getByRole('dialog').filter({ hasText: '完善企业信息' });
    await visible(dialog);
    await visible(dialog.getByText('AI 只会使用你确认过的企业事实，缺少的内容将以【待填写】标出'));
    await visible(dialog.getByText('还缺少：法定代表人'));
    await expect.poll(() => dialog.locator('#complete-ent_name').inputValue()).toBe('杭州示例信息技术有限公司');
    expect(await dialog.locator('#complete-ent_creditCode').inputValue()).toBe(GOOD_CODE);

    await dialog.getByRole('button', { name: '保存并开始编写' }).click();
    await visible(dialog.getByText('请输入法定代表人'));
    await shot(page, 'enterprise-complete-dialog');
    await dialog.locator('#complete-ent_legalRep').fill('刘洋');
    await dialog.getByRole('button', { name: '保存并开始编写' }).click();
    await onPath(page, '/workbench/data/EnterpriseInfo');
    await expect.poll(() => field(page, 'legalRep').inputValue(), { timeout: WAIT }).toBe('刘洋');

    const info = await serverInfo();
    expect(info).toMatchObject({ legalRep: '刘洋', name: '杭州示例信息技术有限公司' });
    expect(info.qualifications).toHaveLength(3);

    await page.goto(`${t.url}/workbench/data/CompleteEntDialog`);
    await visible(page.getByRole('dialog').filter({ hasText: '完善企业信息' }));
    await page.getByRole('button', { name: '跳过，直接编写' }).click();
    await onPath(page, '/workbench/data/EnterpriseInfo');
    expect(errors).toEqual([]);
  });
});
