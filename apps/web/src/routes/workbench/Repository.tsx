import { WorkbenchScreen } from '../../features/workbench/WorkbenchScreen';

/** /workbench/repository */
export default function Repository() {
  return (
    <WorkbenchScreen
      purpose="知识库还是空的"
      detail="上传以往中标的标书与方案，AI 撰写新标书时会检索并复用其中的相关段落。"
      action={{ label: '上传历史标书', to: '/workbench/repositorys/upload' }}
    />
  );
}
