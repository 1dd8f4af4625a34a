// The playground's simulations, off the page's thread: the page posts a
// document's text and gets simulate()'s answer back; a simulation that runs
// too long is stopped by the page, which ends this worker.
import * as xyz from "./js/xyzalert.mjs";
import { simulate } from "./simulate.mjs";

const ready = xyz.init();

self.onmessage = async ({ data }) => {
  try {
    await ready;
    self.postMessage(simulate(xyz, data));
  } catch (error) {
    self.postMessage({ error: { message: `the simulation failed: ${error.message}` } });
  }
};
