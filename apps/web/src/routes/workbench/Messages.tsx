import { MessagesPage } from '../../features/team/MessagesPage';

/** /workbench/messages */
export default function Messages() {
  return <MessagesPage />;
}
