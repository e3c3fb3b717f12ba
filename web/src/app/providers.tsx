import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Snackbar } from '@/components/ui/snackbar';

interface BoundaryState {
  hasFailed: boolean;
}

/** Last line of defence outside the router (the router has its own boundaries per route). */
class AppErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { hasFailed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { hasFailed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unhandled error in the app shell', error, info.componentStack);
  }

  override render() {
    if (!this.state.hasFailed) return this.props.children;
    return (
      <main className="app-error container" role="alert">
        <h1>Something went wrong</h1>
        <p>Something went wrong. Please try again.</p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Reload the page
        </button>
      </main>
    );
  }
}

/** App-wide context and chrome that does not depend on the route. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <AppErrorBoundary>
      {children}
      <Snackbar />
    </AppErrorBoundary>
  );
}
