import { WorkbenchScreen } from '../../features/workbench/WorkbenchScreen';

/** /workbench/data/upload */
export default function DataUpload() {
  return (
    <WorkbenchScreen
      purpose="上传企业资料"
      detail="支持 PDF、Word 与图片格式的证照与证明材料，上传后可设置有效期并在到期前提醒。"
      action={{ label: '返回资料库', to: '/workbench/DataBank' }}
    />
  );
}
