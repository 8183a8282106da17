import type { CheckoutSession, Order } from 'checkout-lookup';
import type { Subject } from './auth.js';
import type { Settings } from './env.js';
import { lookupOrder, lookupSession, parseId } from './lookup.js';
import type { Outcome } from './lookup.js';
import { overLimit, RETRY_AFTER_SECONDS } from './rate-limit.js';
import type { Trace } from './trace.js';

// The one request pipeline of the JSON routes and the pages: session → rate limit → id → lookup → view. Each step
// is a small function that either answers (returns a Response) or passes its result on. The two families differ
// only in how they find the session and how they answer at each stop (`Answers`): envelopes or pages.

/** One request as the steps see it. */
export interface Context {
  readonly request: Request;
  readonly settings: Settings;
  readonly trace: Trace;
}

/** How a family of routes answers where the pipeline stops, and how it finds the signed-in customer. */
export interface Answers {
  /** The signed-in customer; `'none'` when no credential came, `'invalid'` when one came and failed. */
  session(context: Context): Promise<Subject | 'none' | 'invalid'>;
  unauthorized(invalid: boolean): Promise<Response> | Response;
  tooMany(retryAfterSeconds: number): Promise<Response> | Response;
  notFound(): Promise<Response> | Response;
  failed(status: 502 | 504, requestId: string): Promise<Response> | Response;
}

/** A kind of record the pipeline looks up. */
export interface Resource<T> {
  lookup(id: string, subject: Subject, settings: Settings, trace: Trace): Promise<Outcome<T>>;
}

export const ORDER: Resource<Order> = { lookup: lookupOrder };
export const SESSION: Resource<CheckoutSession> = { lookup: lookupSession };

/** Runs the steps for the record at `segment` (the raw path segment) and hands what is found to `view`. */
export async function pipeline<T>(
  context: Context,
  answers: Answers,
  resource: Resource<T>,
  segment: string,
  view: (value: T, subject: Subject) => Promise<Response> | Response,
): Promise<Response> {
  const subject = await identify(context, answers);
  if (subject instanceof Response) return subject;
  const limited = await rateLimit(subject, context, answers);
  if (limited instanceof Response) return limited;
  const id = await readId(segment, answers);
  if (id instanceof Response) return id;
  const value = await lookup(resource, id, subject, context, answers);
  if (value instanceof Response) return value;
  return view(value, subject);
}

/** Step 1: who is signed in, or 401. */
export async function identify(context: Context, answers: Answers): Promise<Subject | Response> {
  const subject = await answers.session(context);
  if (subject === 'none' || subject === 'invalid') return answers.unauthorized(subject === 'invalid');
  return subject;
}

/** Step 2: one more lookup for this customer, or 429. */
export async function rateLimit(subject: Subject, { settings }: Context, answers: Answers): Promise<Subject | Response> {
  return (await overLimit(subject, settings)) ? answers.tooMany(RETRY_AFTER_SECONDS) : subject;
}

/** Step 3: the path segment as an id, or the 404 every bad id shares. */
export async function readId(segment: string, answers: Answers): Promise<string | Response> {
  return parseId(segment) ?? answers.notFound();
}

/** Step 4: the record, if it is this customer's; else the one 404, or the failure. */
export async function lookup<T>(
  resource: Resource<T>,
  id: string,
  subject: Subject,
  { settings, trace }: Context,
  answers: Answers,
): Promise<T | Response> {
  const outcome = await resource.lookup(id, subject, settings, trace);
  switch (outcome.kind) {
    case 'found':
      return outcome.value;
    case 'not-found':
      return answers.notFound();
    case 'failed':
      return answers.failed(outcome.status, outcome.requestId);
  }
}
