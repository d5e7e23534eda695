/** What a test needs from Debian: a program (absolute path or command name) and its package. */
export interface DebianNeed {
  provides: string;
  package: string;
}
/** Installs the packages of the needs that are missing (see debian-packages.mjs). */
export declare function ensureDebianPackages(needs: readonly DebianNeed[], why: string): void;
