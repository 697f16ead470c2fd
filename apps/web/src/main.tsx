import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadBoot } from './lib/boot';
import { applyBrand, brandName } from './lib/brand';
import { startRemScaling } from './lib/rem';
import { checkBypass } from './lib/bypass';
import { isWeChatBrowser } from './lib/userAgent';
import { startDevtoolsGuard } from './lib/devtools';
import { recordTrafficSource } from './lib/traffic';
import { captureAdClickId } from './lib/attribution';
import { startVersionPoll } from './lib/versionPoll';
import { initAnalytics } from './lib/analytics';
import { WechatBlock } from './components/WechatBlock';
import './styles/global.css';

async function start() {
  const b = await loadBoot();
  applyBrand(b);
  startRemScaling();
  if (!document.title) document.title = b.seo.title;

  const root = createRoot(document.getElementById('root')!);
  const bypassed = checkBypass(b.bypassHash);

  // spec §2: the in-app WeChat browser gets only the "open in browser" page
  if (isWeChatBrowser() && !bypassed) {
    root.render(<WechatBlock brandName={brandName(b.branding)} />);
    return;
  }

  if (b.production && !bypassed) startDevtoolsGuard();
  recordTrafficSource();
  captureAdClickId();
  startVersionPoll(__BUILD_ID__, b.timing?.versionPollMs);
  initAnalytics(b.analytics);

  // the rest of the app (antd, router, store) is loaded after the boot data is known
  const [{ App }, { initUserStore }] = await Promise.all([import('./App'), import('./stores/user')]);
  initUserStore();
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
