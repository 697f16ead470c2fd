import { ToolsHubPage } from '../../features/bidcheck/ToolsHubPage';

/** /workbench/BiddingTool: the tools hub (标书工具), with the 暗标 and 废标 checks inside (?tool=anonymity|reject&id=). */
export default function BiddingTool() {
  return <ToolsHubPage />;
}
