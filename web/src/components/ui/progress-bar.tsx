import { useNavigation } from 'react-router-dom';

/** A thin bar at the top while a route and its chunk load (spec section 2). */
export function ProgressBar({ isActive }: { isActive?: boolean }) {
  return isActive ? <div className="progress-bar" role="progressbar" aria-label="Loading" /> : null;
}

export function NavigationProgress() {
  const navigation = useNavigation();
  return <ProgressBar isActive={navigation.state !== 'idle'} />;
}
