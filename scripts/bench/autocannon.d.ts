// The part of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  type Req = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string;
    requests?: Array<Req & { setupRequest?: (req: Req, context: Record<string, unknown>) => Req }>;
    warmup?: { connections: number; duration: number };
  };
  export type Histogram = { average: number; mean: number; stddev: number; min: number; max: number; total: number; p50: number; p90: number; p99: number; p99_9?: number };
  export type Result = {
    duration: number;
    requests: Histogram & { sent: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  };
  export default function autocannon(opts: Options): Promise<Result> & { stop?: () => void };
}
