import { TeamPage } from '../../features/team/TeamPage';

/** /workbench/team */
export default function Team() {
  return <TeamPage />;
}
