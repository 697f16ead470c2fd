import { useEffect } from 'react';
import { useLoaderData, useNavigate } from 'react-router';
import type { InviteItem } from '../../router/loaders';
import { LOADING_TIPS } from '@btz/shared';
import { storeInvitationCode } from '../../lib/attribution';
import { openLogin } from '../../lib/events';
import { useUser } from '../../stores/user';
import { boot } from '../../lib/boot';
import { brandName } from '../../lib/brand';
import '../../styles/invite.css';

/** `/{inviteCode}`: remembers the code (localStorage invitation_code); the inviter is credited at the login that follows. */
export default function InviteLanding() {
  const { code, valid } = (useLoaderData() as { item: InviteItem }).item;
  const loggedIn = useUser((s) => Boolean(s.token));
  const navigate = useNavigate();
  const brand = brandName(boot().branding);

  useEffect(() => {
    if (!loggedIn && valid) storeInvitationCode(code);
  }, [code, loggedIn, valid]);

  if (!valid) {
    return (
      <section className="invite">
        <div className="invite__card">
          <div className="invite__badge invite__badge--muted">邀请链接无效</div>
          <h1>没有找到邀请码「{code}」</h1>
          <p className="invite__lead">这个邀请链接不存在或已失效，请向邀请你的好友确认链接是否完整。你也可以直接注册，使用{brand}写标书。</p>
          <div className="invite__actions">
            {loggedIn ? (
              <button type="button" className="btz-btn btz-btn--primary btz-btn--lg" onClick={() => navigate('/workbench')}>
                进入工作台
              </button>
            ) : (
              <button type="button" className="btz-btn btz-btn--primary btz-btn--lg" onClick={() => openLogin()}>
                免费注册
              </button>
            )}
            <button type="button" className="btz-btn btz-btn--lg" onClick={() => navigate('/')}>
              返回首页
            </button>
          </div>
        </div>
      </section>
    );
  }

  return (
    <section className="invite">
      <div className="invite__card">
        <div className="invite__badge">好友邀请</div>
        <h1>你的好友邀请你一起用{brand}写标书</h1>
        <p className="invite__lead">注册登录即可免费体验 AI 解析招标文件与生成投标大纲，新用户还可领取新人优惠券礼包。</p>
        <ul className="invite__list">
          {LOADING_TIPS.slice(0, 4).map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
        {loggedIn ? (
          <>
            <p className="invite__note">您已登录，邀请奖励仅对新注册的账号生效。</p>
            <button type="button" className="btz-btn btz-btn--primary btz-btn--lg" onClick={() => navigate('/workbench')}>
              进入工作台
            </button>
          </>
        ) : (
          <>
            <button type="button" className="btz-btn btz-btn--primary btz-btn--lg" onClick={() => openLogin()}>
              接受邀请，立即注册
            </button>
            <p className="invite__note">邀请码：{code}（已自动填写，登录后生效）</p>
          </>
        )}
      </div>
    </section>
  );
}
