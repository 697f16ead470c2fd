import { Tag } from 'antd';
import {
  ApiOutlined,
  AuditOutlined,
  ClearOutlined,
  EyeInvisibleOutlined,
  FileSyncOutlined,
  FileSearchOutlined,
  RightOutlined,
} from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { CheckTool } from './CheckTool';
import { CheckReport } from './CheckReport';
import { RecentChecks } from './RecentChecks';
import './bidcheck.css';

interface ToolCard {
  key: string;
  title: string;
  desc: string;
  icon: React.ReactNode;
  to: string;
  tag?: string;
}

const TOOLS: ToolCard[] = [
  { key: 'dup', title: '标书查重', desc: '多份投标文件两两比对，找出雷同段落、相同错误和相同报价，生成查重报告', icon: <FileSearchOutlined />, to: '/workbench/tools/BiddingCheck' },
  { key: 'anonymity', title: '暗标检查', desc: '按招标文件的暗标要求，逐页找出投标人名称、人员、电话、页眉页脚、彩色文字、字体字号等违规项', icon: <EyeInvisibleOutlined />, to: '/workbench/BiddingTool?tool=anonymity', tag: '新' },
  { key: 'reject', title: '废标检查', desc: '上传任意投标文件并选择招标项目，检查★条款、评分项、组成部分、待填写内容、过期证书等废标风险', icon: <AuditOutlined />, to: '/workbench/BiddingTool?tool=reject', tag: '新' },
  { key: 'meta', title: '元数据清除', desc: '清除 Word / PDF 中的作者、单位、修订记录等文档属性，避免泄露投标人信息', icon: <ClearOutlined />, to: '/workbench/tools/MetadataClearing' },
  { key: 'convert', title: '文件转换', desc: 'Word、PDF 等格式互相转换，满足电子招投标平台的上传要求', icon: <FileSyncOutlined />, to: '/workbench/tools/FileConversion' },
  { key: 'ip', title: 'IP与设备记录', desc: '记录编制与上传投标文件的 IP 地址和设备信息，排查围串标风险', icon: <ApiOutlined />, to: '/workbench/tools/IpRecord' },
];

/** /workbench/BiddingTool: the tools hub — a card per tool, the 暗标 / 废标 checks inside (?tool=…&id=…), recent reports. */
export function ToolsHubPage() {
  const [params] = useSearchParams();
  const tool = params.get('tool');
  const id = params.get('id');
  if ((tool === 'anonymity' || tool === 'reject') && id) return <CheckReport id={id} kind={tool} />;
  if (tool === 'anonymity' || tool === 'reject') return <CheckTool kind={tool} />;
  return <Hub />;
}

function Hub() {
  const navigate = useNavigate();
  return (
    <div className="wb-screen bc-hub">
      <h1 className="wb-screen__title">标书工具</h1>
      <div className="bc-tools" data-testid="tool-cards">
        {TOOLS.map((t) => (
          <a
            key={t.key}
            className="wb-card bc-tool"
            href={t.to}
            data-testid={`tool-${t.key}`}
            onClick={(e) => {
              e.preventDefault();
              navigate(t.to);
            }}
          >
            <span className="bc-tool__icon">{t.icon}</span>
            <span className="bc-tool__body">
              <span className="bc-tool__title">
                <span>{t.title}</span>
                {t.tag ? <Tag color="red">{t.tag}</Tag> : null}
              </span>
              <span className="bc-tool__desc">{t.desc}</span>
            </span>
            <RightOutlined className="bc-tool__go" />
          </a>
        ))}
      </div>
      <RecentChecks />
    </div>
  );
}
