import { Link } from 'react-router';
import { SitePage } from '../../components/site/SitePage';
import { FaqList } from '../../features/site/FaqList';
import '../../features/site/site-pages.css';

const GUIDE: { title: string; text: string; tips: string[] }[] = [
  {
    title: '登录并新建标书',
    text: '使用手机号验证码或微信扫码登录，进入工作台后点击左侧「新建标书」。',
    tips: ['个人与企业账号可在个人中心切换', '新用户可在福利中心领取优惠券礼包'],
  },
  {
    title: '上传招标文件',
    text: '上传招标文件（PDF、Word、TXT，扫描件也可以），系统会自动识别文字并开始解析。',
    tips: ['单个文件最大 100MB', '有补遗或澄清文件时，一并上传可让解析更准确'],
  },
  {
    title: '核对解析结果',
    text: 'AI 提取项目名称、编号、预算、投标截止时间、资格要求、评分标准、★ 实质性条款与废标条款，每一项都标注原文页码。',
    tips: ['点击页码可跳转到招标文件原文核对', '评分项是后续大纲和写作的依据，请重点核对分值'],
  },
  {
    title: '生成并编辑大纲',
    text: '按评分标准逐条生成投标文件大纲（最多四级），可增删、重命名、拖拽调整章节顺序。',
    tips: ['右侧「覆盖情况」显示每个评分项对应的章节，缺漏标红', '章节名称尽量使用评分项原文，便于评委对照'],
  },
  {
    title: '一键生成全文',
    text: '确认大纲后点击生成全文，AI 逐章撰写，进度条显示已完成的章节数。',
    tips: ['写作在后台进行，关闭页面或断网都不会中断', '单个章节不满意可以单独重写或手动修改，按 Ctrl+S 保存'],
  },
  {
    title: '健康度检查',
    text: '检查评分项覆盖、★ 条款响应、废标风险、前后矛盾与格式问题，给出健康度评分和修改建议。',
    tips: ['红色问题优先处理', '补充企业真实的业绩、人员与资质信息'],
  },
  {
    title: '导出 Word 并完成编写',
    text: '设置封面、目录与页码后导出标准 Word 文件；点击「完成编写」后标书内容锁定为只读，防止误改。',
    tips: ['导出后可在 Word 中继续排版', '完成编写前请确认内容已全部定稿'],
  },
];

/** /home/direction.html — 使用指南: the product step by step, then the FAQ from the content store. */
export default function Direction() {
  return (
    <SitePage title="使用指南" crumb="使用指南与常见问题" lead="从上传招标文件到导出可递交的投标文件，七步完成。每一步怎么做、注意什么，都在这里。">
      <nav className="sx-toc" aria-label="本页目录">
        <a href="#guide">使用步骤</a>
        <a href="#faq">常见问题</a>
        <Link to="/demo">看产品演示</Link>
      </nav>
      <ol className="sx-guide" id="guide">
        {GUIDE.map((g, i) => (
          <li key={g.title} className="sx-guide__step">
            <span className="sx-guide__num" aria-hidden="true">
              {i + 1}
            </span>
            <div>
              <h2>{g.title}</h2>
              <p>{g.text}</p>
              <ul>
                {g.tips.map((t) => (
                  <li key={t}>{t}</li>
                ))}
              </ul>
            </div>
          </li>
        ))}
      </ol>
      <h2 className="sx-h2 sx-h2--section" id="faq">
        常见问题
      </h2>
      <FaqList />
      <div className="sx-help">
        <p>还有其他问题？</p>
        <Link className="btz-btn btz-btn--primary" to="/home/CustomerService">
          联系客服
        </Link>
      </div>
    </SitePage>
  );
}
