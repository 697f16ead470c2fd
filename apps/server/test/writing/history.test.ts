/**
 * A section's history (issue 27): the writer's text, each person's saves (an autosave burst is one entry), a readable
 * diff against the current text, restore as a new revision (nothing lost), the same refusals as a save, another user
 * sees nothing, and a finished bid keeps its history readable and refuses restores.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { TEXT, WRITE_TEXTS, type SectionHistoryEntry, type SectionRevisionContent } from '@btz/shared';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { buyCopies, detail, leaves, outlinedBid, section, waitWritten } from './helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ jobPollMs: 50 });
});
afterAll(async () => {
  await t?.close();
});

const para = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

describe('section history', () => {
  let token: string;
  let userId: string;
  let bidId: string;
  let nodeId: string;
  const history = async (tk = token) => {
    const r = await t.api('/btz/bid/section/history', { token: tk, query: { id: bidId, nodeId } });
    expect(r.json?.success, r.text).toBe(true);
    return r.json.data as SectionHistoryEntry[];
  };
  const save = async (text: string) => {
    const s = await section(t, token, bidId, nodeId);
    const r = await t.api('/btz/bid/section/save', { token, query: { id: bidId, nodeId }, body: { revision: s.revision, doc: para(text) } });
    expect(r.json?.success, r.text).toBe(true);
    return r.json.data.revision as number;
  };

  beforeAll(async () => {
    ({ token, userId } = await newUser(t));
    bidId = await outlinedBid(t, token, 1);
    await buyCopies(t, token, 1, 1);
    expect((await t.api('/btz/bid/write/start', { token, query: { id: bidId } })).json?.success).toBe(true);
    await waitWritten(t, token, bidId);
    nodeId = leaves((await detail(t, token, bidId)).outline!)[0]!.id;
  });

  it("holds the writer's text, then a person's saves — an autosave burst is one entry, a later sitting another", async () => {
    const written = await section(t, token, bidId, nodeId);
    const first = await history();
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ source: 'writer', author: null, revision: written.revision, chars: written.chars });

    await save('驻场服务人员 5 人，每日巡检一次。');
    const r2 = await save('驻场服务人员 8 人，每日巡检两次。');
    const afterBurst = await history();
    expect(afterBurst.map((e) => e.source)).toEqual(['edit', 'writer']);
    expect(afterBurst[0]).toMatchObject({ revision: r2, author: expect.stringMatching(/\S/) });

    // the same person, a quarter of an hour later: a new entry
    await t.server.db.db.updateTable('bid_section_history').set({ updated_at: sql`now() - interval '15 minutes'` }).where('id', '=', afterBurst[0]!.id).execute();
    const r3 = await save('驻场服务人员 8 人，组长 1 人，每日巡检两次。');
    const later = await history();
    expect(later.map((e) => [e.source, e.revision])).toEqual([
      ['edit', r3],
      ['edit', r2],
      ['writer', written.revision],
    ]);
  });

  it('shows an older entry with the diff to the current text, and restores it as a new revision', async () => {
    const [current, older, writer] = await history();
    const r = await t.api('/btz/bid/section/revision', { token, query: { id: bidId, nodeId, revisionId: older!.id } });
    expect(r.json?.success, r.text).toBe(true);
    const rev = r.json.data as SectionRevisionContent;
    expect(rev.text).toBe('驻场服务人员 8 人，每日巡检两次。');
    expect(rev.current.revision).toBe(current!.revision);
    expect(rev.diff.filter((p) => p.kind === 'add').map((p) => p.text).join('')).toBe('组长 1 人，');
    expect(rev.diff.filter((p) => p.kind === 'del')).toEqual([]);

    // restoring the writer's text: a new revision with it, and every older entry still there
    const writerText = (await t.api('/btz/bid/section/revision', { token, query: { id: bidId, nodeId, revisionId: writer!.id } })).json.data.text as string;
    const s = await section(t, token, bidId, nodeId);
    const back = await t.api('/btz/bid/section/restore', { token, query: { id: bidId, nodeId, revisionId: writer!.id }, body: { revision: s.revision } });
    expect(back.json?.success, back.text).toBe(true);
    expect(back.json.data.revision).toBe(s.revision + 1);
    const now = await section(t, token, bidId, nodeId);
    expect(now.text).toBe(writerText);
    const after = await history();
    expect(after).toHaveLength(4);
    expect(after[0]).toMatchObject({ source: 'restore', restoredFrom: writer!.revision, revision: s.revision + 1 });
    expect(after.slice(1).map((e) => e.id)).toEqual([current!.id, older!.id, writer!.id]);
  });

  it('refuses a stale revision, restoring the current text, an unknown entry; another user sees nothing', async () => {
    const [latest, , older] = await history();
    const s = await section(t, token, bidId, nodeId);
    const stale = await t.api('/btz/bid/section/restore', { token, query: { id: bidId, nodeId, revisionId: older!.id }, body: { revision: s.revision - 1 } });
    expect(stale.json).toMatchObject({ success: false, code: 400, msg: WRITE_TEXTS.staleRevision });
    const same = await t.api('/btz/bid/section/restore', { token, query: { id: bidId, nodeId, revisionId: latest!.id }, body: { revision: s.revision } });
    expect(same.json).toMatchObject({ success: false, code: 400, msg: WRITE_TEXTS.revisionIsCurrent });
    const unknown = await t.api('/btz/bid/section/revision', { token, query: { id: bidId, nodeId, revisionId: 'nope' } });
    expect(unknown.json).toMatchObject({ success: false, code: 400, msg: WRITE_TEXTS.revisionNotFound });
    expect((await section(t, token, bidId, nodeId)).revision).toBe(s.revision);

    const other = (await newUser(t)).token;
    for (const [path, body] of [
      ['/btz/bid/section/history', undefined],
      ['/btz/bid/section/revision', undefined],
      ['/btz/bid/section/restore', { revision: s.revision }],
    ] as const) {
      const r = await t.api(path, { token: other, query: { id: bidId, nodeId, revisionId: older!.id }, ...(body ? { body } : {}) });
      expect(r.json?.success, `${path} ${r.text}`).toBe(false);
      expect(JSON.stringify(r.json)).not.toContain('驻场服务人员');
    }
    expect((await section(t, token, bidId, nodeId)).revision).toBe(s.revision);
  });

  it('a finished bid keeps its history readable and refuses restores', async () => {
    const f = await t.api('/btz/bid/finish', { token, query: { id: bidId } });
    expect(f.json?.success, f.text).toBe(true);
    const list = await history();
    expect(list).toHaveLength(4);
    const s = await section(t, token, bidId, nodeId);
    const r = await t.api('/btz/bid/section/restore', { token, query: { id: bidId, nodeId, revisionId: list[2]!.id }, body: { revision: s.revision } });
    expect(r.json).toMatchObject({ success: false, code: 400, msg: TEXT.readOnlyBid });
    expect((await history()).length).toBe(4);
    // the bid's activity log says who created, wrote, edited and finished it
    const log = await t.api('/btz/bid/activity', { token, query: { id: bidId } });
    expect(log.json?.success, log.text).toBe(true);
    const done = (log.json.data as { action: string; userId: string }[]).map((e) => [e.action, e.userId]);
    expect(done).toEqual(expect.arrayContaining([['create', userId], ['write', userId], ['edit', userId], ['finish', userId]]));
    expect(done[0]).toEqual(['finish', userId]);
  });
});
