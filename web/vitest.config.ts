import { defineConfig } from 'vitest/config';

// Logic tests (*.test.ts) run in Node. Component tests (*.test.tsx) render screens with Testing Library in
// happy-dom: each says so in its first line (`// @vitest-environment happy-dom`), since Vitest 4 chooses an
// environment per file only from that line (or for a whole project); src/test/setup.ts stops one that
// forgot it. Files share a worker's loaded modules (`isolate: false`, as the server's tests do): loading
// antd, React and the app afresh for each file cost twice the CPU of the whole project's tests. So module
// state must not outlive a test: the set-up empties the page, storage and the fetch stub after each one.
export default defineConfig({
  test: {
    name: 'web',
    include: ['src/**/*.test.ts', 'vite-*.test.ts', 'src/**/*.test.tsx'],
    setupFiles: ['src/test/setup.ts'],
    isolate: false,
  },
});
