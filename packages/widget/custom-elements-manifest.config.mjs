/** The custom elements manifest, generated from the class JSDoc of every element. */

/**
 * Events are typed classes that name themselves, so the analyzer sees some dispatches without
 * a name, or names one after the variable dispatched (`refusal`, an event no page ever hears);
 * the JSDoc `@event` lines already list every one with its name and what it means.
 */
const keepDocumentedEvents = {
  name: 'crypto-pay:keep-documented-events',
  packageLinkPhase({ customElementsManifest }) {
    for (const module of customElementsManifest.modules) {
      for (const declaration of module.declarations ?? []) {
        if (declaration.events) {
          declaration.events = declaration.events.filter((e) => e.name && e.description);
        }
      }
    }
  },
};

/**
 * The analyzer takes every entry of a static `properties` block for an attribute, also the
 * internal state (`{ state: true }`), which Lit never reflects or reads from one: a private
 * field has no attribute.
 */
const dropStateAttributes = {
  name: 'crypto-pay:drop-state-attributes',
  packageLinkPhase({ customElementsManifest }) {
    for (const module of customElementsManifest.modules) {
      for (const declaration of module.declarations ?? []) {
        const states = new Set(
          (declaration.members ?? []).filter((m) => m.privacy === 'private').map((m) => m.name),
        );
        for (const member of declaration.members ?? []) {
          if (states.has(member.name)) delete member.attribute;
        }
        if (!declaration.attributes) continue;
        declaration.attributes = declaration.attributes.filter((a) => !states.has(a.fieldName));
        if (declaration.attributes.length === 0) delete declaration.attributes;
      }
    }
  },
};

/**
 * The analyzer lists modules in the order its file walk finds them, which varies between runs:
 * sorted by path, the committed manifest changes only when the elements do.
 */
const sortModules = {
  name: 'crypto-pay:sort-modules',
  packageLinkPhase({ customElementsManifest }) {
    customElementsManifest.modules.sort((a, b) => a.path.localeCompare(b.path));
  },
};

export default {
  globs: ['src/**/*.ts'],
  exclude: ['src/**/*.test.ts', 'src/**/*.d.ts'],
  outdir: '.',
  litelement: true,
  plugins: [keepDocumentedEvents, dropStateAttributes, sortModules],
};
