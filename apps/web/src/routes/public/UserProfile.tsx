import { useState } from 'react';
import { Link } from 'react-router';
import { FLAGS, maskPhone, membershipLabel, profileIndex } from '@btz/shared';
import { SitePage } from '../../components/site/SitePage';
import { openLogin } from '../../lib/events';
import { useUser } from '../../stores/user';
import { formatDate } from '../../features/site/ui';
import '../../features/site/site-pages.css';

function Avatar({ src, text }: { src: string; text: string }) {
  const [broken, setBroken] = useState(!src);
  return (
    <span className="sx-profile__avatar" aria-hidden="true">
      {broken ? text : <img src={src} alt="" width={72} height={72} onError={() => setBroken(true)} />}
    </span>
  );
}

/** /user/profile — a simple read-only profile (needs a login; the guard sends anonymous visitors home with the login dialog). */
export default function UserProfile() {
  const { token, info, loading } = useUser();
  if (!token) {
    return (
      <SitePage title="个人资料">
        <div className="sx-login-prompt">
          <p>请先登录后查看个人资料。</p>
          <button type="button" className="btz-btn btz-btn--primary" onClick={() => openLogin({ redirect: '/user/profile' })}>
            登录 / 注册
          </button>
        </div>
      </SitePage>
    );
  }
  if (!info) {
    return (
      <SitePage title="个人资料">
        <p className="sx-muted">{loading ? '正在加载个人资料…' : '个人资料暂时无法加载，请刷新页面重试。'}</p>
      </SitePage>
    );
  }
  const vip = info.isVip === FLAGS.vip;
  const display = info.nickName || info.realName || maskPhone(info.maskPhone || info.account) || '用户';
  const workbenchProfile = `/workbench/profile?index=${profileIndex(info)}`;
  const rows: [string, string][] = [
    ['手机号', info.maskPhone || maskPhone(info.account) || '未绑定'],
    ['昵称', info.nickName || '未设置'],
    ['真实姓名', info.realName || '未填写'],
    ['所属企业', info.team?.name || info.name || '未加入企业'],
    ['所在地区', [info.province, info.city, info.district].filter(Boolean).join(' ') || '未填写'],
    ['电子邮箱', info.email || '未填写'],
    ['微信绑定', info.isBindWeChat === 1 ? '已绑定' : '未绑定'],
    ['注册时间', formatDate(info.createTime) || '—'],
  ];
  return (
    <SitePage title="个人资料" lead="这里是您的基本资料概览；修改资料、绑定微信、查看订单与发票请前往工作台的个人中心。">
      <div className="sx-profile">
        <div className="sx-profile__card">
          <Avatar src={info.avatar} text={display.slice(0, 1)} />
          <div>
            <h2>{display}</h2>
            <span className={`sx-badge${vip ? ' sx-badge--vip' : ''}`}>{membershipLabel(info)}</span>
            {vip && info.vipExpiryTime ? <p className="sx-muted">会员有效期至 {formatDate(info.vipExpiryTime)}</p> : null}
          </div>
        </div>
        <div className="sx-profile__stats">
          <div>
            <strong>{info.commonBidNumber ?? 0}</strong>
            <span>普通版份数</span>
          </div>
          <div>
            <strong>{info.flagshipBidNumber ?? 0}</strong>
            <span>旗舰版份数</span>
          </div>
          <div>
            <strong>{info.inviteCode || '—'}</strong>
            <span>我的邀请码</span>
          </div>
        </div>
        <dl className="sx-facts sx-facts--table">
          {rows.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
        <div className="sx-back">
          <Link className="btz-btn btz-btn--primary" to={workbenchProfile}>
            前往个人中心修改资料
          </Link>
          <Link className="btz-btn" to="/workbench">
            进入工作台
          </Link>
        </div>
      </div>
    </SitePage>
  );
}
