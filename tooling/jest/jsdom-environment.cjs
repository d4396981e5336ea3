// jsdom with Node's fetch classes: a data router (createMemoryRouter, useBlocker — what the host
// and the editors use) builds a `Request` for every navigation, and jsdom has none. The abort
// classes come along, since Node's Request accepts only Node's AbortSignal.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of ['Request', 'Response', 'Headers', 'AbortController', 'AbortSignal']) this.global[name] = globalThis[name];
  }
}

module.exports = JsdomWithFetch;
