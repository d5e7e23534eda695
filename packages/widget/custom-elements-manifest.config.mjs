/** The custom elements manifest, generated from the class JSDoc of every element. */
export default {
  globs: ['src/**/*.component.ts'],
  exclude: ['src/**/*.test.ts'],
  outdir: '.',
  litelement: true,
};
