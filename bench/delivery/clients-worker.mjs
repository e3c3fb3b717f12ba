// The delivery benchmark's clients thread (clients.ts). A worker thread does not inherit the
// TypeScript loader the benchmark runs under, so this plain module registers it first.
import { register } from 'tsx/esm/api';

register();
await import('./clients.ts');
