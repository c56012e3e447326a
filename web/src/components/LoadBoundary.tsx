import { Component, Suspense, type ReactNode } from 'react';

interface BoundaryState {
  failed: boolean;
  attempt: number;
}

/** Catches a part of a page that could not be downloaded (offline) and offers to try again. */
class RetryBoundary extends Component<
  { children: (attempt: number) => ReactNode; what: string },
  BoundaryState
> {
  override state: BoundaryState = { failed: false, attempt: 0 };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children(this.state.attempt);
    return (
      <main className="page page--narrow">
        <p role="alert" className="form-message form-message--error">
          We could not load {this.props.what}. Please check your connection and try again.
        </p>
        <button
          type="button"
          className="button"
          onClick={() => this.setState(({ attempt }) => ({ failed: false, attempt: attempt + 1 }))}
        >
          Try again
        </button>
      </main>
    );
  }
}

/**
 * Where a page downloads part of itself on demand (the legal documents, the help pages): a quiet
 * placeholder while it loads, a retry if it cannot. `children` gets the attempt number, to use as
 * a key so a retry starts the download again.
 */
export function LoadBoundary({
  what,
  children,
}: {
  /** Named in the messages: "Loading the Privacy Policy...". */
  what: string;
  children: (attempt: number) => ReactNode;
}) {
  return (
    <RetryBoundary what={what}>
      {(attempt) => (
        <Suspense
          fallback={
            <main className="page page--narrow" aria-busy="true">
              <p>Loading {what}...</p>
            </main>
          }
        >
          {children(attempt)}
        </Suspense>
      )}
    </RetryBoundary>
  );
}
