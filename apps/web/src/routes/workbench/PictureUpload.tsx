import { WorkbenchScreen } from '../../features/workbench/WorkbenchScreen';

/** /workbench/picture/upload */
export default function PictureUpload() {
  return (
    <WorkbenchScreen
      purpose="上传图片"
      detail="支持 JPG、PNG 格式，可按分类整理，写标书时直接插入。"
      action={{ label: '返回图片库', to: '/workbench/PictureLibrary' }}
    />
  );
}
