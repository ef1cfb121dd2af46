/**
 * Tells when the plain editor may be swapped for CodeMirror: not while a pointer is pressed
 * on it (the click is still placing the caret or dragging a selection, and a touch has not
 * focused it yet), nor during an IME composition (swapping the element would drop the
 * half-composed text).
 */
export interface InputSettler {
  /** A pointer went down on the editor; it counts until it goes up anywhere. */
  press(): void;
  /** An IME composition started (true) or ended (false). */
  compose(active: boolean): void;
  /** Runs `then` now if nothing is under way, else once it is over. */
  whenSettled(then: () => void): void;
  /** Forgets the waiting callbacks and stops listening. */
  dispose(): void;
}

export function createInputSettler(): InputSettler {
  let pressed = false;
  let composing = false;
  let waiting: (() => void)[] = [];

  const flush = () => {
    if (pressed || composing) {
      return;
    }
    const run = waiting;
    waiting = [];
    run.forEach((then) => then());
  };
  const stopListening = () => {
    window.removeEventListener('pointerup', release, true);
    window.removeEventListener('pointercancel', release, true);
  };
  // On the window, capturing: the press may end outside the editor (a drag selection), and
  // the caret or selection the press made is final by then.
  function release() {
    stopListening();
    pressed = false;
    flush();
  }

  return {
    press() {
      if (!pressed) {
        pressed = true;
        window.addEventListener('pointerup', release, true);
        window.addEventListener('pointercancel', release, true);
      }
    },
    compose(active) {
      composing = active;
      if (!active) {
        // The composition's last input event may still be on its way to React.
        queueMicrotask(flush);
      }
    },
    whenSettled(then) {
      waiting.push(then);
      flush();
    },
    dispose() {
      stopListening();
      waiting = [];
    },
  };
}
