import { WorkbenchScreen } from '../../features/workbench/WorkbenchScreen';

/** /workbench/repositorys/BidDocuments */
export default function RepositorysBidDocuments() {
  return (
    <WorkbenchScreen
      purpose="还没有历史标书"
      detail="已上传的历史标书会被拆分为段落并建立索引，供 AI 写作时检索引用。"
      action={{ label: '上传历史标书', to: '/workbench/repositorys/upload' }}
      secondary={{ label: '返回知识库', to: '/workbench/repository' }}
    />
  );
}
