import type { ReactNode } from 'react';
import { Button, Skeleton } from 'antd';
import {
  CrownFilled,
  DatabaseOutlined,
  FileAddOutlined,
  FileTextOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { FLAGS, membershipLabel } from '@btz/shared';
import { useUser } from '../../stores/user';
import { openPurchase } from '../../lib/events';

function greeting(hour: number): string {
  if (hour < 6) return '夜深了';
  if (hour < 12) return '上午好';
  if (hour < 14) return '中午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

function Stat({ label, value, unit }: { label: string; value: ReactNode; unit?: string }) {
  return (
    <div className="wb-card wb-dash__stat">
      <div className="wb-dash__stat-label">{label}</div>
      <div className="wb-dash__stat-value">
        {value}
        {unit ? <small>{unit}</small> : null}
      </div>
    </div>
  );
}

const ACTIONS = [
  { to: '/workbench/document', title: '新建标书', text: '上传招标文件，AI 解析并生成大纲', icon: <FileAddOutlined />, primary: true },
  { to: '/workbench/historyBook', title: '我的标书', text: '继续编写、查看进度、导出 Word', icon: <FileTextOutlined /> },
  { to: '/workbench/DataBank', title: '资料库', text: '企业资质与证明材料', icon: <DatabaseOutlined /> },
  { to: '/workbench/tools/BiddingCheck', title: '标书查重', text: '递交前检查雷同与元数据', icon: <SafetyCertificateOutlined /> },
];

/** /workbench — the welcome dashboard: greeting, copies left, VIP expiry, quick actions. */
export default function Dashboard() {
  const { info, loading } = useUser();
  const navigate = useNavigate();
  const vip = info?.isVip === FLAGS.vip;
  const name = info?.nickName || info?.maskPhone || '';

  return (
    <div className="wb-dash">
      <section className="wb-dash__hello">
        <div>
          <h1>
            {greeting(new Date().getHours())}
            {name ? `，${name}` : ''}
          </h1>
          <p>今天想写哪一份标书？上传招标文件，剩下的交给 AI。</p>
        </div>
        <Button size="large" onClick={() => navigate('/workbench/document')} icon={<FileAddOutlined />}>
          新建标书
        </Button>
      </section>

      {loading && !info ? (
        <div className="wb-card wb-dash__section">
          <Skeleton active paragraph={{ rows: 2 }} />
        </div>
      ) : (
        <div className="wb-dash__grid">
          <Stat label="会员身份" value={<span style={{ fontSize: 20 }}>{membershipLabel(info)}</span>} />
          <Stat
            label="会员到期"
            value={
              vip && info?.vipExpiryTime ? (
                <span style={{ fontSize: 18 }}>{info.vipExpiryTime.slice(0, 16)}</span>
              ) : (
                <Button type="link" icon={<CrownFilled />} style={{ padding: 0 }} onClick={() => openPurchase({})}>
                  开通会员
                </Button>
              )
            }
          />
          <Stat label="普通版剩余" value={info?.commonBidNumber ?? 0} unit="份" />
          <Stat label="旗舰版剩余" value={info?.flagshipBidNumber ?? 0} unit="份" />
        </div>
      )}

      <section className="wb-card wb-dash__section">
        <h2>快捷入口</h2>
        <div className="wb-dash__actions">
          {ACTIONS.map((a) => (
            <button
              key={a.to}
              type="button"
              className={`wb-dash__action${a.primary ? ' wb-dash__action--primary' : ''}`}
              onClick={() => navigate(a.to)}
            >
              <span className="wb-dash__action-icon">{a.icon}</span>
              <span className="wb-dash__action-text">
                <strong>{a.title}</strong>
                <span>{a.text}</span>
              </span>
            </button>
          ))}
        </div>
      </section>

      <section className="wb-card wb-dash__section">
        <h2>写一份标书的四个步骤</h2>
        <ol className="wb-dash__steps">
          <li>
            <b>上传招标文件</b>：PDF、Word、扫描件均可
          </li>
          <li>
            <b>AI解析</b>：评分表、★ 条款、废标条款
          </li>
          <li>
            <b>生成大纲</b>：逐条响应评分项，可手动调整
          </li>
          <li>
            <b>一键成文</b>：后台撰写，检查后导出 Word
          </li>
        </ol>
      </section>
    </div>
  );
}
