// Tell React that tests wrap updates in act(), so it does not warn about it.
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

// jsdom lacks TextEncoder/TextDecoder, which react-router uses; Node's match the browser's.
if (typeof globalThis.TextEncoder === 'undefined') {
  const { TextEncoder, TextDecoder } = require('node:util');
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}

// jsdom's Blob has no arrayBuffer() (every browser the product serves has it); its FileReader
// answers through setImmediate, which fake timers hold back. Read jsdom's own bytes instead
// (its wrapper keeps them on the implementation object under a symbol named "impl").
if (typeof Blob !== 'undefined' && typeof Blob.prototype.arrayBuffer !== 'function') {
  Blob.prototype.arrayBuffer = function arrayBuffer() {
    const impl = Object.getOwnPropertySymbols(this)
      .filter((symbol) => symbol.description === 'impl')
      .map((symbol) => this[symbol])[0];
    const bytes = impl && impl._buffer;
    if (!bytes) return Promise.reject(new Error('jsdom Blob without bytes'));
    return Promise.resolve(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
  };
}

// The app loads the reading of a stored session before its first render when one is stored
// (src/main.tsx); tests start as that app does. Loading it ahead does not apply to a test that
// resets the module registry (src/session/session.test.ts checks the loading itself).
void require('../src/session/session').loadSessionContract();
