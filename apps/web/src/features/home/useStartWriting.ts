import { useNavigate } from 'react-router';
import { openLogin } from '../../lib/events';
import { useUser } from '../../stores/user';

/** The home page's main call to action: straight to 新建标书, through the login dialog when needed. */
export function useStartWriting(): () => void {
  const loggedIn = useUser((s) => Boolean(s.token));
  const navigate = useNavigate();
  const target = '/workbench/document';
  return () => (loggedIn ? navigate(target) : openLogin({ redirect: target }));
}
