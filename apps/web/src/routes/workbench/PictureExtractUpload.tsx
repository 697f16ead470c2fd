import { WorkbenchScreen } from '../../features/workbench/WorkbenchScreen';

/** /workbench/picture/ExtractUpload */
export default function PictureExtractUpload() {
  return (
    <WorkbenchScreen
      purpose="上传要提取图片的文件"
      detail="上传 Word 或 PDF 文件，系统会自动找出其中的全部图片。"
      action={{ label: '返回图片库', to: '/workbench/PictureLibrary' }}
    />
  );
}
