import { BarChartPage } from '../../features/dupcheck/BarChartPage';

/** /workbench/tools/barChart */
export default function ToolsBarChart() {
  return <BarChartPage />;
}
