// The web project's set-up file. Logic tests (*.test.ts) run in Node and need nothing from it; component
// tests (*.test.tsx) get the DOM set-up, and are stopped with a clear message when they do not run in a DOM.
import { expect } from 'vitest';

const file = expect.getState().testPath ?? '';
if (file.endsWith('.tsx')) {
  if (typeof document === 'undefined') {
    throw new Error(`${file}: a component test starts with the line \`// @vitest-environment happy-dom\``);
  }
  const { prepareComponentTests } = await import('./dom-setup');
  prepareComponentTests();
}
