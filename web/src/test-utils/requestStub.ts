/**
 * jsdom has no Request; a data router (createBrowserRouter, createMemoryRouter) builds one per
 * navigation and only reads its url, method and signal. Import this module before rendering one.
 */
if (typeof globalThis.Request === 'undefined') {
  class RequestStub {
    readonly url: string;
    readonly method: string;
    readonly signal: AbortSignal | null;
    constructor(url: string | URL, init?: RequestInit) {
      this.url = String(url);
      this.method = init?.method ?? 'GET';
      this.signal = init?.signal ?? null;
    }
  }
  globalThis.Request = RequestStub as unknown as typeof Request;
}

export {};
