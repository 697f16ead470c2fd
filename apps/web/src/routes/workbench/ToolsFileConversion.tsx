import { FileConversionPage } from '../../features/filetools/FileConversionPage';

/** /workbench/tools/FileConversion */
export default function ToolsFileConversion() {
  return <FileConversionPage />;
}
