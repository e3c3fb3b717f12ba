import { useEffect, useRef, useState } from 'react';
import { useNavigation } from 'react-router-dom';
import { PROGRESS, startProgress, trickleProgress } from './progress-model';

type Phase =
  | { name: 'hidden' }
  | { name: 'loading'; value: number }
  /** Loading ended: the bar runs to the end, then fades out. */
  | { name: 'done' };

/**
 * The thin bar at the top while a route, its chunk and its data load (spec sections 2 and 9):
 * starts at 8 %, trickles every 800 ms, moves in 200 ms steps, completes and fades when done.
 */
export function ProgressBar({ isActive = false }: { isActive?: boolean }) {
  const [phase, setPhase] = useState<Phase>(() =>
    isActive ? { name: 'loading', value: startProgress() } : { name: 'hidden' },
  );
  const wasActive = useRef(isActive);

  useEffect(() => {
    if (isActive) {
      wasActive.current = true;
      setPhase((current) =>
        current.name === 'loading' ? current : { name: 'loading', value: startProgress() },
      );
      const trickle = setInterval(() => {
        setPhase((current) =>
          current.name === 'loading'
            ? { name: 'loading', value: trickleProgress(current.value) }
            : current,
        );
      }, PROGRESS.trickleSpeedMs);
      return () => clearInterval(trickle);
    }
    if (!wasActive.current) return;
    wasActive.current = false;
    setPhase({ name: 'done' });
    // One step to the end, one step of fading, then gone.
    const hide = setTimeout(() => setPhase({ name: 'hidden' }), PROGRESS.speedMs * 2);
    return () => clearTimeout(hide);
  }, [isActive]);

  if (phase.name === 'hidden') return null;
  const value = phase.name === 'done' ? 1 : phase.value;
  return (
    <div
      className="progress"
      data-done={phase.name === 'done' || undefined}
      role="progressbar"
      aria-label="Loading page"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(value * 100)}
      style={{ ['--progress-speed' as string]: `${PROGRESS.speedMs}ms` }}
    >
      <div
        className="progress-bar"
        style={{ transform: `translate3d(${(value - 1) * 100}%,0,0)` }}
      />
    </div>
  );
}

export function NavigationProgress() {
  const navigation = useNavigation();
  return <ProgressBar isActive={navigation.state !== 'idle'} />;
}
