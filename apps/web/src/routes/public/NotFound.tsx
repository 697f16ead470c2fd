import { useLocation } from 'react-router';
import { TEXT } from '@btz/shared';
import { ErrorView } from '../../components/ErrorView';
import { HomePagesHint } from '../../features/site/HomePagesHint';

/** The `/{slug...}` catch-all: spec §2 404 'Page not found: {path}', in Chinese. */
export default function NotFound() {
  const { pathname } = useLocation();
  return (
    <ErrorView code="404" title={TEXT.pageNotFoundZh} detail={TEXT.notFoundPath(pathname)}>
      <HomePagesHint pathname={pathname} />
    </ErrorView>
  );
}
