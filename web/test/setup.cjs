// Tell React that tests wrap updates in act(), so it does not warn about it.
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

// jsdom lacks TextEncoder/TextDecoder, which react-router uses; Node's match the browser's.
if (typeof globalThis.TextEncoder === 'undefined') {
  const { TextEncoder, TextDecoder } = require('node:util');
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}
