import { CheckTablePage } from '../../features/dupcheck/DetailPages';

/** /workbench/tools/components/CheckTableData */
export default function ToolsCheckTableData() {
  return <CheckTablePage />;
}
