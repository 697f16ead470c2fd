import { lazy, Suspense } from 'react';
import { Hero } from '../../features/home/Hero';
import { FeatureGrid } from '../../features/home/FeatureGrid';
import { FlowSteps } from '../../features/home/FlowSteps';
import { ProofBand } from '../../features/home/ProofBand';
import { HomeFaq } from '../../features/home/HomeFaq';
import { CtaBand } from '../../features/home/CtaBand';
import { WhenNear } from '../../features/site/WhenNear';
import '../../features/home/home.css';

/** The live part (latest news, user-activity ticker) loads when the visitor scrolls near it, keeping the home page's first JS small. */
const HomeLive = lazy(() => import('../../features/site/HomeLive'));

/** `/` and `/home`: the marketing home page. */
export default function Home() {
  return (
    <div className="home">
      <Hero />
      <ProofBand />
      <FeatureGrid />
      <FlowSteps />
      <WhenNear>
        <Suspense fallback={<div style={{ minHeight: 320 }} />}>
          <HomeLive />
        </Suspense>
      </WhenNear>
      <HomeFaq />
      <CtaBand />
    </div>
  );
}
