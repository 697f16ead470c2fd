import { MetadataClearingPage } from '../../features/filetools/MetadataClearingPage';

/** /workbench/tools/MetadataClearing */
export default function ToolsMetadataClearing() {
  return <MetadataClearingPage />;
}
