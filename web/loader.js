// Starts the game: fetches and instantiates the WebAssembly that tools/web.sh built beside this
// file, and hides the loading line once the game runs. A failure is shown on the page and set
// as `document.body.dataset.error`, which the browser test (tools/web_test.py) reads.
import init from './redline.js';

const status = document.getElementById('status');

// winit hands the event loop to the browser by throwing; that throw means the game is running.
function isControlFlow(error) {
  return String(error).includes('Using exceptions for control flow');
}

init().then(
  () => { status.hidden = true; },
  (error) => {
    if (isControlFlow(error)) {
      status.hidden = true;
      return;
    }
    status.textContent = `Redline could not start: ${error}`;
    document.body.dataset.error = String(error);
  },
);
