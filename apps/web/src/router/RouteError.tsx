import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { TEXT } from '@btz/shared';
import { guardedReload } from '../lib/versionPoll';
import { ErrorView } from '../components/ErrorView';
import { HomePagesHint } from '../features/site/HomePagesHint';

const CHUNK_ERROR = /dynamically imported module|Importing a module script failed|error loading dynamically imported/i;

/** Router error element: 404 responses render the 404 page; anything else the 500 page (spec §2). */
export function RouteError() {
  const error = useRouteError();
  const { pathname } = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <ErrorView code="404" title={TEXT.pageNotFoundZh} detail={TEXT.notFoundPath(pathname)}>
        <HomePagesHint pathname={pathname} />
      </ErrorView>
    );
  }
  // a deploy replaced the chunk this old page wanted: load the new version (guarded against loops)
  if (error instanceof Error && CHUNK_ERROR.test(error.message)) guardedReload();
  console.error(error);
  return <ErrorView code="500" title={TEXT.internalError} detail="页面出现了意外错误，请刷新重试；如果问题持续存在，请联系客服。" />;
}
