import { WorkbenchScreen } from '../../features/workbench/WorkbenchScreen';

/** /workbench/picture/ExtractImg */
export default function PictureExtractImg() {
  return (
    <WorkbenchScreen
      purpose="还没有提取结果"
      detail="从 Word 或 PDF 中批量提取图片，挑选后保存到图片库。"
      action={{ label: '上传提取文件', to: '/workbench/picture/ExtractUpload' }}
      secondary={{ label: '返回图片库', to: '/workbench/PictureLibrary' }}
    />
  );
}
