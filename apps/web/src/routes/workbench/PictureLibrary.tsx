import { WorkbenchScreen } from '../../features/workbench/WorkbenchScreen';

/** /workbench/PictureLibrary */
export default function PictureLibrary() {
  return (
    <WorkbenchScreen
      purpose="图片库还是空的"
      detail="保存标书常用的图片：资质扫描件、产品图、组织架构图、现场照片，写作时一键插入。"
      action={{ label: '上传图片', to: '/workbench/picture/upload' }}
      secondary={{ label: '从文件中提取图片', to: '/workbench/picture/ExtractUpload' }}
    />
  );
}
