import { configure } from '@testing-library/react';

// findBy… and waitFor wait up to 5 s (Testing Library's default is 1 s): on a busy 2-core CI machine the
// first render of a file, with its lazy imports, can take longer than a second. A passing test waits no longer.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no modal dialogs: the open attribute stands in for showModal and close.
if (typeof HTMLDialogElement !== 'undefined' && typeof HTMLDialogElement.prototype.close !== 'function') {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
