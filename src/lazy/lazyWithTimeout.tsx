// React.lazy with the spec's load time-out, a 'Loading...' placeholder and a Retry that
// really loads again (React.lazy caches a failed load, so Retry makes a new lazy component).
import { Component, Suspense, lazy, useState, type ComponentType, type ErrorInfo, type ReactNode } from "react";
import { PageLoadError, PageLoading } from "./PageFallbacks";
import { PAGE_LOAD_TIMEOUT_MS, withTimeout } from "./withTimeout";

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

class LoadBoundary extends Component<{ onRetry: () => void; children: ReactNode }, { error: unknown }> {
  state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("page failed to load", error, info.componentStack);
  }
  render() {
    return this.state.error ? <PageLoadError error={this.state.error} onRetry={this.props.onRetry} /> : this.props.children;
  }
}

export function lazyWithTimeout<P extends object>(load: Loader<P>, timeoutMs: number = PAGE_LOAD_TIMEOUT_MS): ComponentType<P> {
  const make = () => lazy(() => withTimeout(load(), timeoutMs));
  // One lazy component shared by every mount (no reload per visit); replaced on Retry.
  let Current = make();
  let attempt = 0;

  function LazyPage(props: P) {
    const [, setSeen] = useState(attempt);
    const retry = () => {
      Current = make();
      attempt += 1;
      setSeen(attempt);
    };
    const Page = Current as ComponentType<P>;
    return (
      <LoadBoundary key={attempt} onRetry={retry}>
        <Suspense fallback={<PageLoading />}>
          <Page {...props} />
        </Suspense>
      </LoadBoundary>
    );
  }
  return LazyPage;
}
