import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorFallback } from './error-fallback.js';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** When this changes (for example the path), a shown error is cleared. */
  resetKey?: unknown;
}

type ErrorBoundaryState = { failed: false } | { failed: true; error: unknown };

export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { failed: true, error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A screen failed to render', error, info.componentStack);
  }

  override componentDidUpdate(previous: ErrorBoundaryProps): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  private readonly tryAgain = () => this.setState({ failed: false });

  override render() {
    if (this.state.failed) return <ErrorFallback error={this.state.error} onTryAgain={this.tryAgain} />;
    return this.props.children;
  }
}
