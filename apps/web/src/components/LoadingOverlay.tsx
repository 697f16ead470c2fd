import { useEffect, useState } from 'react';
import { LOADING_OVERLAY_OPACITY, LOADING_TIPS } from '@btz/shared';
import '../styles/overlay.css';

const TIP_MS = 3000;

/** The index of the loading tip to show: a random start, then the next one every 3 s while `active`. */
export function useLoadingTip(active: boolean): number {
  const [tip, setTip] = useState(0);
  useEffect(() => {
    if (!active) return;
    setTip(Math.floor(Math.random() * LOADING_TIPS.length));
    const t = setInterval(() => setTip((i) => (i + 1) % LOADING_TIPS.length), TIP_MS);
    return () => clearInterval(t);
  }, [active]);
  return tip;
}

/** Spec §9 loading overlay: black at 70 % opacity, the nine loading tips in turn, while a document is processed. */
export function LoadingOverlay({ open, text }: { open: boolean; text?: string }) {
  const tip = useLoadingTip(open);
  if (!open) return null;
  return (
    <div
      className="btz-overlay"
      role="alertdialog"
      aria-busy="true"
      aria-live="polite"
      style={{ backgroundColor: `rgba(0, 0, 0, ${LOADING_OVERLAY_OPACITY})` }}
    >
      <div className="btz-overlay__spinner" aria-hidden="true" />
      {text ? <div className="btz-overlay__text">{text}</div> : null}
      <div className="btz-overlay__tip" key={tip}>
        {LOADING_TIPS[tip]}
      </div>
    </div>
  );
}
