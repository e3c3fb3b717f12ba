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

/** A question without its reference number (given by `ask`). */
type Question = ToClients extends infer T ? (T extends unknown ? Omit<T, 'ref'> : never) : never;
type Answer = Exclude<Extract<FromClients, { ref: number }>, { type: 'failed' }>;

const requestLogOf = (entries: [string, EndpointStats][]) => {
  const log = requestLog(false);
  for (const [endpoint, stats] of entries) log.endpoints.set(endpoint, stats);
  return log;
};

export class ClientsThread {
  private readonly worker: Worker;
  private next = 0;
  private readonly waiting = new Map<
    number,
    { resolve: (answer: Answer) => void; reject: (error: Error) => void }
  >();
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
    if ('ref' in message) {
      const waiting = this.waiting.get(message.ref);
      this.waiting.delete(message.ref);
      if (message.type === 'failed') waiting?.reject(new Error(message.error));
      else waiting?.resolve(message);
      return;
    }
    switch (message.type) {
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
    }
  }

  /** The thread is gone: whatever waits on it fails, and the phase with it. */
  private end(error: Error): void {
    if (this.ended) return;
    this.ended = error;
    if (this.waiting.size) this.events.problem(error.message);
    for (const { reject } of this.waiting.values()) reject(error);
    this.waiting.clear();
  }

  private ask(question: Question): Promise<Answer> {
    if (this.ended) return Promise.reject(this.ended);
    const ref = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(ref, { resolve, reject });
      this.worker.postMessage({ ...question, ref });
    });
  }

  /** Every recipient in a live pull and every sender in a live push, each caught up. */
  async start(
    apiUrl: string,
    pouchDir: string,
    recipients: ClientAccount[],
    senders: ClientAccount[],
  ): Promise<void> {
    await this.ask({ type: 'start', apiUrl, pouchDir, recipients, senders });
  }

  private async send(question: Question): Promise<SendTimes> {
    const answer = await this.ask(question);
    if (answer.type !== 'sent') throw new Error(`a send answered ${answer.type}`);
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
    if (answer.type !== 'logs') throw new Error(`logs answered ${answer.type}`);
    return {
      recipients: requestLogOf(answer.recipients),
      senders: requestLogOf(answer.senders),
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
