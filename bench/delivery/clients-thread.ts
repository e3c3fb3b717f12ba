/**
 * The main thread's side of the clients' worker thread (clients.ts): starts it, asks it to send,
 * hears what its clients see, and puts its times on this thread's performance.now() scale.
 */
import { Worker } from 'node:worker_threads';
import { requestLog, type EndpointStats, type RequestLog } from '../lib/pouch-clients';
import type { ArrivedDoc, ClientAccount, FromClients, ToClients } from './clients';

/** A wall-clock millisecond from the other thread on this thread's performance.now() scale. */
const here = (wall: number) => wall - performance.timeOrigin;

/** What the clients see, told as it happens (times on this thread's scale). */
export interface ClientEvents {
  arrival(doc: ArrivedDoc, at: number): void;
  push(ids: string[], at: number): void;
  pushed(ids: string[], at: number): void;
  problem(text: string): void;
  retry(): void;
}

export interface ClientLogs {
  recipients: RequestLog;
  senders: RequestLog;
  /** CPU time of the clients' thread so far (Linux; undefined elsewhere). */
  cpuMs: number | undefined;
}

/** A send as the clients' thread timed it: just before, and once it returned. */
export interface SendTimes {
  sentAt: number;
  doneAt: number;
}

type Asked = Exclude<ToClients, { type: 'start' }>;
/** A question without its reference number (given by `ask`). */
type Question = Asked extends infer T ? (T extends unknown ? Omit<T, 'ref'> : never) : never;
type Answer = Extract<FromClients, { ref: number }>;

export class ClientsThread {
  private readonly worker: Worker;
  private next = 0;
  private readonly waiting = new Map<number, (answer: Answer) => void>();
  private starting: { resolve: () => void; reject: (error: Error) => void } | undefined;
  private ended: Error | undefined;

  constructor(private readonly events: ClientEvents) {
    this.worker = new Worker(new URL('./clients-worker.mjs', import.meta.url));
    this.worker.on('message', (message: FromClients) => this.heard(message));
    this.worker.on('error', (error) => this.end(new Error(`the clients' thread failed: ${error}`)));
    this.worker.on('exit', (code) =>
      this.end(new Error(`the clients' thread exited (code ${code})`)),
    );
  }

  private heard(message: FromClients): void {
    switch (message.type) {
      case 'started':
        this.starting?.resolve();
        this.starting = undefined;
        return;
      case 'failed':
        this.starting?.reject(new Error(message.error));
        this.starting = undefined;
        return;
      case 'arrival':
        return this.events.arrival(message.doc, here(message.at));
      case 'push':
        return this.events.push(message.ids, here(message.at));
      case 'pushed':
        return this.events.pushed(message.ids, here(message.at));
      case 'problem':
        return this.events.problem(message.text);
      case 'retry':
        return this.events.retry();
      default: {
        const answer = this.waiting.get(message.ref);
        this.waiting.delete(message.ref);
        answer?.(message);
      }
    }
  }

  /** The thread is gone: whatever waits on it fails, and the phase with it. */
  private end(error: Error): void {
    if (this.ended) return;
    this.ended = error;
    this.starting?.reject(error);
    this.starting = undefined;
    if (this.waiting.size) this.events.problem(error.message);
    for (const answer of this.waiting.values())
      answer({ type: 'sent', ref: -1, sentAt: 0, doneAt: 0, error: error.message });
    this.waiting.clear();
  }

  private ask(message: Question): Promise<Answer> {
    if (this.ended) return Promise.reject(this.ended);
    const ref = this.next++;
    return new Promise((resolve) => {
      this.waiting.set(ref, resolve);
      this.worker.postMessage({ ...message, ref } as Asked);
    });
  }

  /** Every recipient in a live pull and every sender in a live push, each caught up. */
  start(
    apiUrl: string,
    pouchDir: string,
    recipients: ClientAccount[],
    senders: ClientAccount[],
  ): Promise<void> {
    return new Promise((resolve, reject) => {
      this.starting = { resolve, reject };
      const message: ToClients = { type: 'start', apiUrl, pouchDir, recipients, senders };
      this.worker.postMessage(message);
    });
  }

  private async send(message: Question): Promise<SendTimes> {
    const answer = await this.ask(message);
    if (answer.type !== 'sent') throw new Error(`unexpected answer ${answer.type}`);
    if (answer.error) throw new Error(answer.error);
    return { sentAt: here(answer.sentAt), doneAt: here(answer.doneAt) };
  }

  /** Sender `conversation`'s local write of `doc`. */
  put(conversation: number, doc: Record<string, unknown>): Promise<SendTimes> {
    return this.send({ type: 'put', conversation, doc });
  }

  /** Sender `conversation`'s `POST /api/inbox/messages` of `body`. */
  post(conversation: number, body: Record<string, unknown>): Promise<SendTimes> {
    return this.send({ type: 'post', conversation, body });
  }

  /** The clients' requests per endpoint so far (then cleared, if asked) and the thread's CPU. */
  async logs(clear: boolean): Promise<ClientLogs> {
    const answer = await this.ask({ type: 'logs', clear });
    if (answer.type !== 'logs') throw new Error(answer.type === 'sent' ? answer.error : 'logs');
    const log = (entries: [string, EndpointStats][]) => {
      const made = requestLog(false);
      for (const [endpoint, stats] of entries) made.endpoints.set(endpoint, stats);
      return made;
    };
    return {
      recipients: log(answer.recipients),
      senders: log(answer.senders),
      cpuMs: answer.cpuMs,
    };
  }

  /** Replications cancelled and local databases closed, then the thread ends. */
  async stop(): Promise<void> {
    if (!this.ended) await this.ask({ type: 'stop' });
    await this.worker.terminate();
  }

  /** Ends the thread at once (a failed or stopped run). */
  terminate(): void {
    void this.worker.terminate();
  }
}
