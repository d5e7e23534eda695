/** The few Mocha globals the tests use (the runner provides Mocha; its types are not installed). */
type MochaTest = (this: { currentTest?: { title: string } }) => unknown;

declare function describe(title: string, suite: () => void): void;
declare function it(title: string, test: MochaTest): void;
declare function beforeEach(hook: () => unknown): void;
declare function afterEach(hook: () => unknown): void;
