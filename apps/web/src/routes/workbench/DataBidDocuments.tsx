import { WorkbenchScreen } from '../../features/workbench/WorkbenchScreen';

/** /workbench/data/BidDocuments */
export default function DataBidDocuments() {
  return (
    <WorkbenchScreen
      purpose="还没有标书资料"
      detail="按项目归档的投标资料（证明文件、报价单、授权书）将在这里分类展示。"
      action={{ label: '上传资料', to: '/workbench/data/upload' }}
      secondary={{ label: '返回资料库', to: '/workbench/DataBank' }}
    />
  );
}
