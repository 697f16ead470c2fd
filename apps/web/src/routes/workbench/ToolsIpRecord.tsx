import { IpRecordPage } from '../../features/filetools/IpRecordPage';

/** /workbench/tools/IpRecord */
export default function ToolsIpRecord() {
  return <IpRecordPage />;
}
