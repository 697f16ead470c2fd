import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Page as ListPage, PictureItem } from '@btz/shared';
import type { TestServer } from '../apps/server/test/harness.js';
import { listZipEntries, readZipEntry } from '@btz/bid-engine/reading';
import { buildPictureDocx, drawPicture, reencode } from '../packages/bid-engine/test/fixtures/pictures.js';
import { buyCopies, outlinedBid, waitWritten } from '../apps/server/test/writing/helpers.js';
import { launch, shot } from './browser.js';
import { WAIT, jobStartedBy, loggedInPage, onPath, startE2eServer, visible } from './flows.js';
import { exportBid } from '../apps/server/test/export.js';

/**
 * 图片库 through Chromium (issue 14): several pictures dropped at once with a result per file (a recompressed copy answers
 * 「已存在相同图片」), the library grid with search, tag filter, rename/tag and delete with confirm; a DOCX dropped on
 * ExtractUpload, ExtractImg showing every picture with its page, two picked and saved. Screenshots of each screen.
 */

let t: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let token: string;
const dir = mkdtempSync(path.join(os.tmpdir(), 'btz-pictures-'));
const file = (name: string, data: Buffer) => {
  const p = path.join(dir, name);
  writeFileSync(p, data);
  return p;
};

beforeAll(async () => {
  const [server, b] = await Promise.all([startE2eServer({ jobPollMs: 100 }), launch()]);
  t = server;
  browser = b;
  ({ context, page, errors, token } = await loggedInPage(browser, t));
});

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
  await t?.close();
});

async function serverList(query: Record<string, string> = {}): Promise<ListPage<PictureItem>> {
  const res = await t.api('/btz/picture/list', { token, query });
  expect(res.json?.success, res.text).toBe(true);
  return res.json.data as ListPage<PictureItem>;
}

describe('图片库', () => {
  it('empty library says what to do; uploads several pictures with a result per file', async () => {
    await page.goto(`${t.url}/workbench/PictureLibrary`);
    await visible(page.getByRole('heading', { name: '图片库', level: 1 }));
    await visible(page.getByText('图片库还是空的'));
    await shot(page, 'pictures-library-empty');

    await page.getByRole('button', { name: '上传图片' }).first().click();
    await onPath(page, '/workbench/picture/upload');
    await visible(page.getByRole('heading', { name: '图片上传', level: 1 }));
    const license = drawPicture(21);
    const files = [
      file('营业执照.png', license),
      file('ISO9001证书.png', drawPicture(22, 360, 480)),
      file('项目现场.png', drawPicture(23)),
      file('营业执照-压缩.jpg', await reencode(license, { quality: 50 })),
      file('说明.txt', Buffer.from('不是图片')),
    ];
    await page.locator('.pic-dragger input[type=file]').setInputFiles(files);
    const results = page.getByTestId('upload-results');
    await visible(results.locator('.pic-result--created').filter({ hasText: '营业执照.png' }));
    await visible(results.locator('.pic-result--duplicate').filter({ hasText: '营业执照-压缩.jpg' }).getByText('已存在相同图片：营业执照（内容相似）'));
    await visible(results.locator('.pic-result--failed').filter({ hasText: '说明.txt' }).getByText('不是支持的图片格式，仅支持 PNG、JPEG、GIF、WebP、BMP'));
    await visible(page.getByText('已上传 3 张 · 已存在 1 张 · 失败 1 张'));
    await shot(page, 'pictures-upload-results');
    expect((await serverList()).total).toBe(3);
  });

  it('shows the grid; renames and tags, filters by tag, searches, deletes after confirming', async () => {
    await page.getByRole('button', { name: '查看图片库' }).click();
    await onPath(page, '/workbench/PictureLibrary');
    const tiles = page.getByTestId('picture-tile');
    await expect.poll(() => tiles.count(), { timeout: WAIT }).toBe(3);
    // thumbnails loaded from the server (object URLs of the authenticated calls)
    await expect.poll(() => page.locator('.pic-tile img.pic-img').count(), { timeout: WAIT }).toBe(3);
    await expect
      .poll(() => page.locator('.pic-tile img.pic-img').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0 && (i as HTMLImageElement).naturalWidth <= 320)), { timeout: WAIT })
      .toBe(true);

    // the preview shows the picture itself, not its thumbnail
    await tiles.filter({ hasText: '营业执照' }).locator('.pic-tile__actions').getByRole('button', { name: /预览/ }).click();
    const preview = page.getByRole('dialog').filter({ hasText: '上传于' });
    await visible(preview);
    await expect.poll(() => preview.locator('img.pic-img').evaluate((i) => (i as HTMLImageElement).naturalWidth), { timeout: WAIT }).toBe(480);
    await page.waitForTimeout(400); // the dialog's opening animation
    await shot(page, 'pictures-preview');
    await preview.getByRole('button', { name: 'Close' }).or(preview.locator('.ant-modal-close')).first().click();
    await preview.waitFor({ state: 'detached', timeout: WAIT });

    const tile = tiles.filter({ hasText: 'ISO9001证书' });
    await tile.getByRole('button', { name: '编辑' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '编辑图片' });
    await visible(dialog);
    await dialog.getByRole('textbox').first().fill('ISO9001 质量管理体系认证证书');
    const tagInput = dialog.getByRole('combobox');
    await tagInput.fill('资质');
    await tagInput.press('Enter');
    await tagInput.fill('认证');
    await tagInput.press('Enter');
    // the tag list stays open after Enter and can cover 保存: close it as a user would
    await tagInput.press('Escape');
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').waitFor({ state: 'hidden', timeout: WAIT });
    await shot(page, 'pictures-edit-dialog');
    await dialog.getByRole('button', { name: '保存' }).click();
    await visible(tiles.filter({ hasText: 'ISO9001 质量管理体系认证证书' }).getByText('资质', { exact: true }));
    expect((await serverList({ tag: '资质' })).records.map((r) => r.name)).toEqual(['ISO9001 质量管理体系认证证书']);

    await page.locator('.pic-toolbar__tag').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '认证' }).click();
    await expect.poll(() => tiles.count(), { timeout: WAIT }).toBe(1);
    await page.locator('.pic-toolbar__tag .ant-select-clear').click();
    await expect.poll(() => tiles.count(), { timeout: WAIT }).toBe(3);

    await page.getByPlaceholder('搜索图片名称或标签').fill('现场');
    await page.getByPlaceholder('搜索图片名称或标签').press('Enter');
    await expect.poll(() => tiles.count(), { timeout: WAIT }).toBe(1);
    await visible(tiles.filter({ hasText: '项目现场' }));
    await page.getByPlaceholder('搜索图片名称或标签').fill('');
    await page.getByPlaceholder('搜索图片名称或标签').press('Enter');
    await expect.poll(() => tiles.count(), { timeout: WAIT }).toBe(3);
    await shot(page, 'pictures-library-grid');

    await tiles.filter({ hasText: '项目现场' }).getByRole('button', { name: '删除' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '确定删除图片「项目现场」吗' });
    await visible(confirm);
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => tiles.count(), { timeout: WAIT }).toBe(2);
    expect((await serverList()).records.map((r) => r.name).sort()).toEqual(['ISO9001 质量管理体系认证证书', '营业执照']);
  });

  it('extracts the pictures of a DOCX with their pages; picked ones are saved, a known one is recognised', async () => {
    await page.getByRole('button', { name: '从文件中提取图片' }).click();
    await onPath(page, '/workbench/picture/ExtractUpload');
    await visible(page.getByRole('heading', { name: '上传提取文件', level: 1 }));
    await shot(page, 'pictures-extract-upload');
    const docx = await buildPictureDocx(
      [
        { page: 1, data: drawPicture(21), type: 'png' },
        { page: 3, data: drawPicture(31), type: 'png' },
        { page: 5, data: await reencode(drawPicture(32, 300, 420), { quality: 85 }), type: 'jpg' },
      ],
      5,
    );
    await jobStartedBy(page, t, '/btz/picture/extract/upload', () => page.locator('.pic-dragger input[type=file]').setInputFiles(file('往期投标文件.docx', docx)));
    await onPath(page, '/workbench/picture/ExtractImg');
    const tiles = page.getByTestId('extract-tile');
    await expect.poll(() => tiles.count(), { timeout: WAIT }).toBe(3);
    await visible(page.getByText('共找到'));
    expect(await tiles.locator('.pic-tile__page').allInnerTexts()).toEqual(['第 1 页', '第 3 页', '第 5 页']);
    await expect.poll(() => page.locator('[data-testid=extract-tile] img.pic-img').count(), { timeout: WAIT }).toBe(3);

    await tiles.nth(0).click();
    await tiles.nth(2).click();
    await shot(page, 'pictures-extract-picked');
    await page.getByRole('button', { name: '保存所选（2）到图片库' }).click();
    await visible(tiles.nth(0).getByText('已存在相同图片：营业执照'));
    await visible(tiles.nth(2).getByText('已保存到图片库'));
    await shot(page, 'pictures-extract-saved');
    const after = await serverList();
    expect(after.total).toBe(3);
    expect(after.records[0]).toMatchObject({ name: '往期投标文件-第5页-图3', source: 'extract', sourceFile: '往期投标文件.docx', sourcePage: 5 });

    // the extraction can be found again: the recent files on ExtractUpload
    await page.getByRole('button', { name: '换一个文件' }).click();
    await onPath(page, '/workbench/picture/ExtractUpload');
    const recent = page.getByTestId('recent-extractions');
    await visible(recent.locator('li').filter({ hasText: '往期投标文件.docx' }).getByText('找到 3 张图片'));
    await shot(page, 'pictures-extract-recent');
    await recent.getByRole('link', { name: '往期投标文件.docx' }).click();
    await onPath(page, '/workbench/picture/ExtractImg');
    await expect.poll(() => tiles.count(), { timeout: WAIT }).toBe(3);

    await page.getByRole('button', { name: '返回图片库' }).click();
    await onPath(page, '/workbench/PictureLibrary');
    await visible(page.getByTestId('picture-tile').filter({ hasText: '往期投标文件-第5页-图3' }).getByText('提取自第 5 页'));
    expect(errors).toEqual([]);
  });

  it('the section editor inserts a library picture (「从图片库选择」), shows it, and the Word export carries it; a picked image is uploaded, never inline', async () => {
    // a bid written by the offline writer, as a user would have it (copies bought through the sandbox payment)
    const bidId = await outlinedBid(t, token, 1);
    await buyCopies(t, token, 1, 1);
    expect((await t.api('/btz/bid/write/start', { token, query: { id: bidId } })).json.success).toBe(true);
    await waitWritten(t, token, bidId);
    await page.goto(`${t.url}/workbench/document/BidingDocument?id=${encodeURIComponent(bidId)}`);
    const tree = page.getByTestId('outline-tree');
    await visible(tree, WAIT * 2);
    await tree.locator('.bid-node[data-section-state="written"]').first().click();
    const editor = page.getByTestId('section-pane').locator('.ProseMirror');
    await visible(editor);
    await editor.click();
    await page.getByTestId('editor-library-image').click();
    const picker = page.getByRole('dialog').filter({ hasText: '从图片库选择' });
    await visible(picker.getByTestId('picker-grid'));
    await expect.poll(() => picker.locator('img.pic-img').count(), { timeout: WAIT }).toBe(3);
    await page.waitForTimeout(400); // the dialog's opening animation
    await shot(page, 'pictures-editor-picker');
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/btz/bid/section/save', { timeout: WAIT * 2 });
    await picker.getByRole('button', { name: '插入 营业执照' }).click();
    // the picture is drawn from the library (fetched with the login header), at its own size
    const img = editor.locator('img[alt="营业执照"]');
    await visible(img);
    await expect.poll(() => img.evaluate((i) => (i as HTMLImageElement).naturalWidth), { timeout: WAIT }).toBe(480);
    expect((await (await saved).json()).success).toBe(true);
    await shot(page, 'pictures-editor-inserted');

    const license = (await serverList({ keyword: '营业执照' })).records.find((r) => r.name === '营业执照')!;
    const res = await exportBid(t.api, { token, id: bidId, format: 'docx' });
    const media = listZipEntries(res.bytes).filter((e) => e.name.startsWith('word/media/'));
    const stored = await t.api('/btz/picture/file', { token, query: { id: license.id } });
    expect(media.some((e) => readZipEntry(res.bytes, e).equals(stored.bytes))).toBe(true);

    // an image picked from disk is uploaded to the library (tag 正文图片) and inserted by its URL, never as a data URL
    const photo = drawPicture(61, 320, 240);
    await page.keyboard.press('ArrowRight'); // past the inserted picture (selected): the new one goes after it
    const saved2 = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/btz/bid/section/save', { timeout: WAIT * 2 });
    await page.getByTestId('section-pane').locator('input[type=file]').setInputFiles(file('现场照片.png', photo));
    const uploaded = editor.locator('img[alt="现场照片.png"]');
    await visible(uploaded);
    await expect.poll(() => uploaded.evaluate((i) => (i as HTMLImageElement).naturalWidth), { timeout: WAIT }).toBe(320);
    expect((await (await saved2).json()).success).toBe(true);
    const photoItem = (await serverList({ tag: '正文图片' })).records[0]!;
    expect(await uploaded.getAttribute('src')).not.toMatch(/^data:/);
    const stored2 = await t.server.db.db
      .selectFrom('bid_sections')
      .select((eb) => eb.cast<string>('doc', 'text').as('doc'))
      .where('bid_id', '=', bidId)
      .where('doc', 'is not', null)
      .execute();
    expect(stored2.map((r) => r.doc).join('')).toContain(`/api/btz/picture/file?id=${photoItem.id}`);
    expect(stored2.map((r) => r.doc).join('')).not.toContain('data:image');
    expect(errors).toEqual([]);
  });
});
