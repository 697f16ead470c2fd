import { WorkbenchScreen } from '../../features/workbench/WorkbenchScreen';

/** /workbench/repositorys/upload */
export default function RepositorysUpload() {
  return (
    <WorkbenchScreen
      purpose="上传历史标书"
      detail="上传以往的投标文件或技术方案（Word / PDF），让 AI 学习你的写作习惯与业绩积累。"
      action={{ label: '返回知识库', to: '/workbench/repository' }}
    />
  );
}
