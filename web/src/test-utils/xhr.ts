/** A stand-in for XMLHttpRequest: records the PUTs and lets a test report progress and answer. */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  /** When set, every PUT is answered with this status as soon as it is sent. */
  static answerAll: number | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
    const status = FakeXhr.answerAll;
    if (status !== null) this.respond(status);
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  respond(status: number) {
    this.status = status;
    this.onload?.();
  }
  fail() {
    this.onerror?.();
  }
}

export function installFakeXhr(answerAll: number | null = null): void {
  FakeXhr.sent = [];
  FakeXhr.answerAll = answerAll;
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
}

/** The first bytes of a real file of each type (what the uploader checks before uploading). */
const signatures: Record<string, Uint8Array<ArrayBuffer>> = {
  'image/png': Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  'image/jpeg': Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]),
  'image/gif': new TextEncoder().encode('GIF89a'),
};

/**
 * An image File of `size` bytes (the size is reported, not allocated) that starts as a real
 * file of its type does.
 */
export function imageFile(name = 'rx.png', size = 1200, type = 'image/png'): File {
  const file = new File([signatures[type] ?? 'x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
