export declare const serverMain: string;
export declare const chromePath: string;
export declare const CATEGORIES: readonly string[];
export declare function freePort(): Promise<number>;
export declare function startServer(dataDir?: string): Promise<{ base: string; stop(): Promise<void> }>;
export declare function launchChrome(): Promise<{ port: number; kill(): void }>;
export declare function lighthouseRun(
  url: string,
  chromePort: number,
  headers?: Record<string, string>,
): Promise<{
  scores: Record<string, number>;
  lcpMs: number;
  finalUrl: string;
  metrics: string;
  losing: Record<string, string[]>;
  /** The whole report (to study a page's requests and timings). */
  lhr: unknown;
}>;
