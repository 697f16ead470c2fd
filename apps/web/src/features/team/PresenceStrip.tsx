import type { BidPresence } from '@btz/shared';
import { useUser } from '../../stores/user';
import './team.css';

/** The others who have the bid open on another section than the shown one, each a link to where they are. */
export function PresenceStrip({
  viewers,
  shownId,
  titleOf,
  onSelect,
}: {
  viewers: BidPresence['viewers'];
  shownId: string | null;
  titleOf: (nodeId: string) => string | null;
  onSelect: (nodeId: string) => void;
}) {
  const me = useUser((s) => s.info?.id ?? '');
  const elsewhere = viewers.filter((v) => v.userId !== me && v.nodeId !== shownId);
  if (!elsewhere.length) return null;
  return (
    <div className="team-presence" data-testid="presence-strip">
      <span className="team-muted">也在这份标书：</span>
      {elsewhere.map((v) => {
        const title = v.nodeId ? titleOf(v.nodeId) : null;
        return (
          <span key={v.userId}>
            <b>{v.nickName || '成员'}</b>
            {title ? (
              <>
                {' 在 '}
                <a onClick={() => onSelect(v.nodeId)}>{title}</a>
              </>
            ) : null}
          </span>
        );
      })}
    </div>
  );
}
