import { CommonTablePage } from '../../features/dupcheck/DetailPages';

/** /workbench/tools/components/CommonTableData */
export default function ToolsCommonTableData() {
  return <CommonTablePage />;
}
