import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isChunkLoadError, pageReload, reloadOnce } from '../chunk-reload.ts';

interface Props {
  children: ReactNode;
  /** What shows instead of the area (or page) that failed; `retry` reloads the page. */
  fallback: (retry: () => void) => ReactNode;
}

interface State {
  failed: boolean;
}

/**
 * Catches what an area (the storefront, the back office) or a page throws while it draws, so a
 * failure shows a message with a retry button instead of a blank page. A file that failed to load
 * is first met with one automatic reload (lib/chunk-reload.ts). A class: React offers error
 * boundaries only as class components.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (isChunkLoadError(error) && reloadOnce()) return;
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(() => pageReload.reload()) : this.props.children;
  }
}
